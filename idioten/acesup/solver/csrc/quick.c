/* The first look: a transcription of quick_win in solver/quick.py (discard every card as soon as it may go;
 * the proof that the closure of discards is unique is there). Its line is a list of real actions, kept in
 * x->ev as (EV_DISCARD, pile), (EV_MOVE, pile, target) and (EV_DEAL). It shares the bounded table with the
 * exact search under its own key domain. With a target below a win (solver.reaches) it also ends at the first
 * position with that many cards discarded. */
#include "runtime.h"

#define p (&x->pos[depth])
#define q (&x->pos[depth + 1])

/* Every discard that can be made at depth `depth`, made at once and recorded in x->ev (the first look and the
 * strict search share it). */
int discard_all(Ctx *x, int depth) {
    int found = 1;
    while (found) {
        found = 0;
        for (int i = 0; i < 4; i++) {
            if (!p->n[i])
                continue;
            int card = p->c[i][p->n[i] - 1];
            int floor = card - card % 13;
            for (int j = 0; j < 4; j++) {
                if (j == i || !p->n[j])
                    continue;
                int higher = p->c[j][p->n[j] - 1];
                if (card < higher && higher < floor + 13) {
                    p->n[i]--;
                    if (ctx_push(x, EV_DISCARD, i, 0, 0) < 0)
                        return -1;
                    found = 1;
                    break;
                }
            }
        }
    }
    return 0;
}

static int quick_child(Ctx *x, int depth, int dealt, int kind, int a, int b) {
    size_t mark = x->ev_len;
    if (ctx_push(x, kind, a, b, 0) < 0)
        return -1;
    int r = quick_run(x, depth + 1, dealt);
    if (r == 0)
        x->ev_len = mark;
    return r;
}

int quick_run(Ctx *x, int depth, int dealt) {
    /* Its own share of the positions (quick_limit), looked at every 512 positions as quick.py does. */
    if (!((x->quick_nodes + 1) % 512) && x->quick_nodes >= x->quick_limit)
        return -1;
    if (stopping(x))
        return -1;
    x->quick_nodes++;
    size_t ev_mark = x->ev_len;
    if (discard_all(x, depth) < 0)
        return -1;
    u64 h1, h2;
    key_hash(x, p, dealt, 0, &h1, &h2);
    if (table_seen(x, h1, h2, 0)) {
        x->ev_len = ev_mark;
        return 0;
    }
    table_insert(x, h1, h2, 0);
    int stock_left = x->stock_len - dealt;
    if (!stock_left && p->n[0] == 1 && p->n[1] == 1 && p->n[2] == 1 && p->n[3] == 1)
        return 1;
    /* A lower target (solver.reaches): every card neither on the table nor in the stock is discarded. */
    if (x->target < WIN_SCORE && NCARDS - (p->n[0] + p->n[1] + p->n[2] + p->n[3] + stock_left) >= x->target)
        return 1;
    if (ctx_reserve_depth(x, depth + 1) < 0)
        return -1;
    int empty[4], nempty = 0;
    for (int i = 0; i < 4; i++)
        if (!p->n[i])
            empty[nempty++] = i;
    /* Fill gaps and deal first; shift a lone card between gaps only after that (quick.py says why). */
    for (int lone = 0; lone < 2; lone++) {
        if (lone && !stock_left)
            break;
        for (int t = 0; t < nempty; t++) {
            int target = empty[t];
            for (int source = 0; source < 4; source++) {
                int height = p->n[source];
                if (height == 0 || (height == 1) != lone)
                    continue;
                int card = p->c[source][height - 1];
                if (x->aces_only && card % 13 != ACE_RANK)
                    continue;
                *q = *p;
                q->n[source]--;
                q->c[target][0] = (uint8_t)card;
                q->n[target] = 1;
                int r = quick_child(x, depth, dealt, EV_MOVE, source, target);
                if (r)
                    return r;
            }
            if (!stock_left)
                break; /* with the stock gone, gaps are all alike */
        }
        if (!lone && stock_left) {
            *q = *p;
            for (int i = 0; i < 4; i++)
                q->c[i][q->n[i]++] = x->stock[dealt + i];
            int r = quick_child(x, depth, dealt + 4, EV_DEAL, 0, 0);
            if (r)
                return r;
        }
    }
    x->ev_len = ev_mark;
    return 0;
}
