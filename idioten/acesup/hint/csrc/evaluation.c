/* Weighted evaluations of a turn's end (evaluation.h): the features and the keys a rollout may rank the
 * ends of its turns by. learned_key is hint/core.py's learned_key, giving the same numbers. */
#include "evaluation.h"

/* What both rankings count in one pile: aces at its bottom, aces lying on other cards, and cards lying above a
 * higher card of their suit in the pile (that card cannot kill them until they go). */
typedef struct {
    int bottom_aces, aces_on_cards, buried;
} PileCounts;

static void count_pile(const uint8_t *cards, int n, PileCounts *counts) {
    if (RANK(cards[0]) == ACE)
        counts->bottom_aces++;
    for (int i = 1; i < n; i++) {
        int x = cards[i];
        if (RANK(x) == ACE) {
            counts->aces_on_cards++;
            continue;
        }
        for (int j = 0; j < i; j++)
            if (SUIT(cards[j]) == SUIT(x) && cards[j] > x) {
                counts->buried++;
                break;
            }
    }
}

static int weigh(const int *weights, const int *features, int count) {
    int key = 0;
    for (int i = 0; i < count; i++)
        key += weights[i] * features[i];
    return key;
}

/* A turn end's features for a weighted ranking (an experiment, bench/rollout_weights.py): the cards
 * discarded, aces at the bottom of a pile, piles not empty, cards buried under a higher card of their suit
 * (count_pile), aces above other cards, the sum of the piles' squared heights (tall piles bury more under
 * later deals). */
int weighted_key(const Pos *p, int gained, const int *w) {
    int f[NFEAT] = {gained, 0, 0, 0, 0, 0};
    PileCounts counts = {0, 0, 0};
    for (int pile = 0; pile < NP; pile++) {
        int n = p->n[pile];
        if (!n)
            continue;
        f[2]++;
        f[5] += n * n;
        count_pile(p->c[pile], n, &counts);
    }
    f[1] = counts.bottom_aces;
    f[3] = counts.buried;
    f[4] = counts.aces_on_cards;
    return weigh(w, f, NFEAT);
}

/* core.stage: the row of learned weights for a turn with `unseen` cards still to come. */
static int stage(int unseen) { return unseen > 32 ? 0 : unseen > 16 ? 1 : 2; }

/* core.end_features weighed by the stage's row of `learned`. */
int learned_key(const Pos *p, const int *learned, int unseen) {
    int f[LEARNED_FEATURES] = {0};
    PileCounts counts = {0, 0, 0};
    int suits = 0;
    for (int pile = 0; pile < NP; pile++) {
        int n = p->n[pile];
        if (!n) {
            f[1]++;
            continue;
        }
        f[0] += n;
        f[5] += n * n;
        count_pile(p->c[pile], n, &counts);
        int top = p->c[pile][n - 1];
        suits |= 1 << SUIT(top);
        f[7] += RANK(top);
    }
    f[2] = counts.bottom_aces;
    f[3] = counts.aces_on_cards;
    f[4] = counts.buried;
    for (int s = 0; s < 4; s++)
        f[6] += (suits >> s) & 1;
    return weigh(learned + LEARNED_FEATURES * stage(unseen), f, LEARNED_FEATURES);
}
