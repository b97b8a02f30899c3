/* Weighted evaluations of a turn's end (evaluation.h): the features and the keys a rollout may rank the
 * ends of its turns by. learned_key is hint/core.py's learned_key, giving the same numbers. */
#include "evaluation.h"

/* A turn end's features for a weighted ranking (an experiment, bench/rollout_weights.py): the cards
 * discarded, aces at the bottom of a pile, piles not empty, cards lying above a higher card of their suit in
 * their own pile (that card cannot kill them until they go), aces above other cards, the sum of the piles'
 * squared heights (tall piles bury more under later deals). */
int weighted_key(const Pos *p, int gained, const int *w) {
    int f[NFEAT] = {gained, 0, 0, 0, 0, 0};
    for (int pile = 0; pile < NP; pile++) {
        int n = p->n[pile];
        if (!n)
            continue;
        f[2]++;
        f[5] += n * n;
        if (RANK(p->c[pile][0]) == ACE)
            f[1]++;
        for (int i = 1; i < n; i++) {
            int x = p->c[pile][i];
            if (RANK(x) == ACE) {
                f[4]++;
                continue;
            }
            for (int j = 0; j < i; j++)
                if (SUIT(p->c[pile][j]) == SUIT(x) && p->c[pile][j] > x) {
                    f[3]++;
                    break;
                }
        }
    }
    int key = 0;
    for (int i = 0; i < NFEAT; i++)
        key += w[i] * f[i];
    return key;
}

/* core.stage: the row of learned weights for a turn with `unseen` cards still to come. */
static int stage(int unseen) { return unseen > 32 ? 0 : unseen > 16 ? 1 : 2; }

/* core.end_features weighed by the stage's row of `learned`. */
int learned_key(const Pos *p, const int *learned, int unseen) {
    int f[LEARNED_FEATURES] = {0};
    int suits = 0;
    for (int pile = 0; pile < NP; pile++) {
        int n = p->n[pile];
        if (!n) {
            f[1]++;
            continue;
        }
        f[0] += n;
        f[5] += n * n;
        if (RANK(p->c[pile][0]) == ACE)
            f[2]++;
        for (int i = 1; i < n; i++) {
            int x = p->c[pile][i];
            if (RANK(x) == ACE) {
                f[3]++;
                continue;
            }
            for (int j = 0; j < i; j++)
                if (SUIT(p->c[pile][j]) == SUIT(x) && p->c[pile][j] > x) {
                    f[4]++;
                    break;
                }
        }
        int top = p->c[pile][n - 1];
        suits |= 1 << SUIT(top);
        f[7] += RANK(top);
    }
    for (int s = 0; s < 4; s++)
        f[6] += (suits >> s) & 1;
    const int *w = learned + LEARNED_FEATURES * stage(unseen);
    int key = 0;
    for (int i = 0; i < LEARNED_FEATURES; i++)
        key += w[i] * f[i];
    return key;
}
