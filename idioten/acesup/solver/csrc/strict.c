/* The search under the strict reading of the rules (no lone card moved into a gap; no deal while a discard or
 * a fill from a pile of two or more cards is possible): a transcription of StrictSearch in solver/strict.py,
 * which is its specification and holds the proof that every discard may be made at once there. The same
 * children in the same order, so both cores find the same line. The line is a list of real actions, kept in
 * x->ev as (EV_DISCARD, pile), (EV_MOVE, pile, target) and (EV_DEAL), as the first look keeps its own. The
 * best score (x->best_score) is exact when the search ends. */
#include "runtime.h"

#define p (&x->pos[depth])
#define q (&x->pos[depth + 1])

static int strict_child(Ctx *x, int depth, int dealt, int kind, int a, int b) {
    size_t mark = x->ev_len;
    if (ctx_push(x, kind, a, b, 0) < 0)
        return -1;
    int r = strict_run(x, depth + 1, dealt);
    if (r == 0)
        x->ev_len = mark;
    return r;
}

int strict_run(Ctx *x, int depth, int dealt) {
    if (stopping(x))
        return -1;
    x->states++;
    size_t ev_mark = x->ev_len;
    if (discard_all(x, depth) < 0)
        return -1;
    int stock_left = x->stock_len - dealt;
    int score = NCARDS - (p->n[0] + p->n[1] + p->n[2] + p->n[3]) - stock_left;
    if (score > x->best_score)
        x->best_score = score;
    if (score == WIN_SCORE)
        return 1;
    /* Once the stock is empty the piles are interchangeable: the key is their multiset. */
    u64 h1, h2;
    key_hash(x, p, dealt, !stock_left, &h1, &h2);
    if (table_seen(x, h1, h2, 0)) {
        x->ev_len = ev_mark;
        return 0;
    }
    table_insert(x, h1, h2, 0);
    if (ctx_reserve_depth(x, depth + 1) < 0)
        return -1;
    int filled = 0;
    for (int target = 0; target < 4; target++) {
        if (p->n[target])
            continue;
        for (int source = 0; source < 4; source++) {
            int height = p->n[source];
            if (height < 2)
                continue;
            int card = p->c[source][height - 1];
            if (x->aces_only && card % 13 != ACE_RANK)
                continue;
            filled = 1;
            *q = *p;
            q->n[source]--;
            q->c[target][0] = (uint8_t)card;
            q->n[target] = 1;
            int r = strict_child(x, depth, dealt, EV_MOVE, source, target);
            if (r)
                return r;
        }
        if (filled && !stock_left)
            break; /* with the stock gone, gaps are all alike */
    }
    if (stock_left && !filled) {
        *q = *p;
        for (int i = 0; i < 4; i++)
            q->c[i][q->n[i]++] = x->stock[dealt + i];
        int r = strict_child(x, depth, dealt + 4, EV_DEAL, 0, 0);
        if (r)
            return r;
    }
    x->ev_len = ev_mark;
    return 0;
}
