/* The exact search: a line-by-line transcription of Search._search, _children, _drop_matters and
 * _upper_bound in solver/search.py, whose module notes and docstrings carry the proofs (flagged cards, the
 * removal lemma, useless cards, the end-game key, the aces-only bound); the prunings of prune.c are applied
 * where search.py applies those of solver/prune.py. Keep the two in step: the tests run both on the same
 * positions and demand the same verdict, best score and positions to the verdict.
 *
 * Positions live in x->pos[depth]; a child is written into x->pos[depth + 1] before the call. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* A team thread's positions found lost while the search of an ancestor they lean on (x->low) goes on: kept
 * in order (a stack), to be written to the shared table once an ancestor whose search they were part of is
 * proved lost (search_run), and meanwhile found by this thread alone through x->mine (a direct-mapped
 * look-up; a slot overwritten only costs a search again). `lowest`: the shallowest ancestor any entry up to
 * this one leans on. At most PENDING_MAX of them: one not kept is only searched again and not shared. */
typedef struct Pending {
    u64 h1, h2, flags, work;
    int low, lowest;
} Pending;
#define PENDING_MAX ((size_t)1 << 18)
#define MINE_SLOTS ((size_t)1 << 17)

static void pending_keep(Ctx *x, u64 h1, u64 h2, u64 flags, u64 work, int low) {
    if (!x->mine && !(x->mine = (uint32_t *)calloc(MINE_SLOTS, sizeof(uint32_t))))
        return;
    if (x->pend_len == x->pend_cap) {
        size_t cap = x->pend_cap ? x->pend_cap * 2 : 1024;
        Pending *more = cap > PENDING_MAX ? NULL : (Pending *)realloc(x->pend, cap * sizeof(Pending));
        if (!more)
            return;
        x->pend = more;
        x->pend_cap = cap;
    }
    Pending *e = &x->pend[x->pend_len];
    e->h1 = h1;
    e->h2 = h2;
    e->flags = flags;
    e->work = work;
    e->low = low;
    e->lowest = x->pend_len && x->pend[x->pend_len - 1].lowest < low ? x->pend[x->pend_len - 1].lowest : low;
    x->mine[h1 & (MINE_SLOTS - 1)] = (uint32_t)(++x->pend_len);
}

/* Whether the position is one of this thread's pending ones (with at most its flags). */
static int pending_covers(const Ctx *x, u64 h1, u64 flags) {
    if (!x->mine)
        return 0;
    uint32_t slot = x->mine[h1 & (MINE_SLOTS - 1)];
    if (!slot || slot > x->pend_len)
        return 0;
    const Pending *e = &x->pend[slot - 1];
    return e->h1 == h1 && !(flags & ~e->flags);
}

static int drop_matters(const Ctx *x, const Pos *p, int i, u64 flags, int end_game) {
    int aces_only = x->aces_only;
    u64 reach = 0, movers = 0;
    int clearable = 0;
    for (int j = 0; j < 4; j++) {
        if (j == i)
            continue;
        int depth = p->n[j] - 1;
        int broke = 0;
        while (depth >= 0) {
            int card = p->c[j][depth];
            reach |= BIT(card);
            if ((depth >= 1 || !end_game) && (!aces_only || card % 13 == ACE_RANK))
                movers |= BIT(card);
            if (!(flags & BIT(card))) {
                broke = 1;
                break;
            }
            depth--;
        }
        if (!broke)
            clearable = 1;
    }
    int rest = p->n[i] - 1;
    if (rest == 0)
        return movers != 0;
    int under = p->c[i][rest - 1];
    if ((flags & BIT(under)) || ((HIGHER[under] | LOWER[under]) & reach))
        return 1;
    return clearable && (rest >= 2 || !end_game) && (!aces_only || under % 13 == ACE_RANK);
}

static int upper_bound(const Ctx *x, const Pos *p, u64 gone, u64 flags) {
    int aces_only = x->aces_only;
    if (!aces_only && !(p->n[0] && p->n[1] && p->n[2] && p->n[3]))
        return WIN_SCORE;
    u64 in_play = (BIT(52) - 1) & ~gone;
    u64 buried = 0, stuck = 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < 4; i++) {
            u64 below = 0;
            for (int d = 0; d < p->n[i]; d++) {
                int card = p->c[i][d];
                u64 bit = BIT(card);
                if (!((stuck | buried | flags) & bit) && card % 13 != ACE_RANK &&
                    !(HIGHER[card] & in_play & ~(below | buried))) {
                    stuck |= bit;
                    buried |= below;
                    changed = 1;
                }
                below |= bit;
            }
        }
    }
    u64 non_aces = (BIT(52) - 1) & ~(BIT(12) | BIT(25) | BIT(38) | BIT(51));
    u64 lost = (stuck | buried) & ~flags & non_aces;
    if (!lost)
        return WIN_SCORE;
    if (!aces_only)
        for (int i = 0; i < 4; i++)
            if (p->c[i][0] % 13 != ACE_RANK && !(lost & BIT(p->c[i][0])))
                return WIN_SCORE;
    return WIN_SCORE - popcount64(lost);
}

/* Run the child already written at depth + 1 after pushing its event; undo the event if it did not win. */
static int child(Ctx *x, int depth, int k, u64 gone, u64 flags, int kind, int a, int b, int c) {
    size_t mark = x->ev_len;
    if (ctx_push(x, kind, a, b, c) < 0)
        return -1;
    int r = search_run(x, depth + 1, k, gone, flags);
    if (r == 0)
        x->ev_len = mark;
    return r;
}

/* A helper thread of the team (x->order > 0, solve.c) tries the same children in another order, picked from
 * the position's hash so that the threads part ways at different places: the piles taken in a rotated
 * order, and sometimes the deal first. The order changes which win is found first and how fast, never
 * whether one is: a position is lost only when every child is. Thread 0 keeps search.py's order. */
static int children(Ctx *x, int depth, int k, u64 gone, u64 flags, u64 tops, int end_game, u64 h1) {
    if (ctx_reserve_depth(x, depth + 1) < 0)
        return -1;
    /* x->pos may move when a deeper call grows it, so the two positions are looked up afresh each time. */
#define p (&x->pos[depth])
#define q (&x->pos[depth + 1])
    u64 free_tops = tops & ~flags;
    int r;
    int rot = x->order ? (int)((h1 ^ ((u64)x->order * 0x9E3779B97F4A7C15ULL)) >> 61) : 0;
    int deal_first = (rot & 4) && !end_game;
    rot &= 3;
    if (deal_first) {
        *q = *p;
        for (int i = 0; i < 4; i++)
            q->c[i][q->n[i]++] = x->stock[k + i];
        r = child(x, depth, k + 4, gone, flags, EV_DEAL, 0, 0, 0);
        if (r)
            return r;
    }
    /* A discard whose only higher cards on top are flagged: done with each of them, whose flag it clears. */
    for (int ii = 0; ii < 4; ii++) {
        int i = (ii + rot) & 3;
        if (!p->n[i])
            continue;
        int card = p->c[i][p->n[i] - 1];
        if ((flags & BIT(card)) || !(HIGHER[card] & tops) || (HIGHER[card] & free_tops))
            continue;
        for (int j = 0; j < 4; j++) {
            if (j == i || !p->n[j])
                continue;
            int helper = p->c[j][p->n[j] - 1];
            if (!(HIGHER[card] & flags & BIT(helper)))
                continue;
            *q = *p;
            q->n[i]--;
            r = child(x, depth, k, gone | BIT(card), flags & ~BIT(helper), EV_DISCARD, i, 0, 0);
            if (r)
                return r;
        }
    }
    for (int ii = 0; ii < 4; ii++) {
        int i = (ii + rot) & 3;
        if (!p->n[i])
            continue;
        int card = p->c[i][p->n[i] - 1];
        if (!(flags & BIT(card)) || !drop_matters(x, p, i, flags, end_game))
            continue;
        *q = *p;
        q->n[i]--;
        r = child(x, depth, k, gone | BIT(card), flags & ~BIT(card), EV_DROP, card, 0, 0);
        if (r)
            return r;
    }
    /* Moves into gaps, as gap_moves: a lone card only while the stock lasts; in the end game one gap. */
    int gaps[4], ngaps = 0;
    for (int j = 0; j < 4; j++)
        if (!p->n[j])
            gaps[ngaps++] = j;
    if (ngaps) {
        int shortest = end_game ? 2 : 1;
        if (end_game)
            ngaps = 1;
        for (int ii = 0; ii < 4; ii++) {
            int i = (ii + rot) & 3;
            if (p->n[i] < shortest)
                continue;
            int card = p->c[i][p->n[i] - 1];
            if (x->aces_only && card % 13 != ACE_RANK)
                continue;
            for (int g = 0; g < ngaps; g++) {
                int j = gaps[g];
                *q = *p;
                q->n[i]--;
                q->c[j][0] = (uint8_t)card;
                q->n[j] = 1;
                r = child(x, depth, k, gone, flags, EV_MOVE, i, j, card);
                if (r)
                    return r;
            }
        }
    }
    if (!end_game && !deal_first) {
        *q = *p;
        for (int i = 0; i < 4; i++)
            q->c[i][q->n[i]++] = x->stock[k + i];
        r = child(x, depth, k + 4, gone, flags, EV_DEAL, 0, 0, 0);
        if (r)
            return r;
    }
    return 0;
#undef p
#undef q
}

static void take_out(Pos *p, int card) {
    for (int i = 0; i < 4; i++)
        for (int d = 0; d < p->n[i]; d++)
            if (p->c[i][d] == card) {
                memmove(&p->c[i][d], &p->c[i][d + 1], (size_t)(p->n[i] - d - 1));
                p->n[i]--;
                return;
            }
}

int search_run(Ctx *x, int depth, int k, u64 gone, u64 flags) {
    if (stopping(x))
        return -1;
    x->states++;
    Pos *p = &x->pos[depth];
    size_t ev_mark = x->ev_len;
    int end_game = k == x->stock_len;
    u64 tops;
    /* Settle the tops (search.py: flag what can be flagged, remove a useless top), lowest card first. */
    for (;;) {
        tops = 0;
        int order[4], cards[4], m = 0;
        for (int i = 0; i < 4; i++)
            if (p->n[i]) {
                int card = p->c[i][p->n[i] - 1];
                tops |= BIT(card);
                int at = m++;
                while (at > 0 && cards[at - 1] > card) {
                    cards[at] = cards[at - 1];
                    order[at] = order[at - 1];
                    at--;
                }
                cards[at] = card;
                order[at] = i;
            }
        u64 free_tops = tops & ~flags;
        int removed = 0, marked = 0;
        for (int t = 0; t < m; t++) {
            int card = cards[t], i = order[t];
            u64 bit = BIT(card);
            if (card % 13 == ACE_RANK || !((flags & bit) || (HIGHER[card] & free_tops)))
                continue; /* neither flagged nor discardable: nothing to settle (the branches below agree) */
            int useless = x->prunings & PRUNE_SAFE_REMOVAL ? removable(x, card, k, gone, flags, free_tops)
                                                            : !(LOWER[card] & ~gone & ~flags);
            if (flags & bit) {
                if (!useless)
                    continue;
                if (ctx_push(x, EV_DROP, card, 0, 0) < 0)
                    return -1;
                flags &= ~bit;
            } else if (HIGHER[card] & free_tops) {
                if (!useless) {
                    if (ctx_push(x, EV_MARK, card, i, 0) < 0)
                        return -1;
                    flags |= bit;
                    free_tops &= ~bit;
                    marked = 1;
                    continue;
                }
                if (ctx_push(x, EV_DISCARD, i, 0, 0) < 0)
                    return -1;
            } else {
                continue;
            }
            p->n[i]--;
            gone |= bit;
            removed = 1;
            break;
        }
        if (!removed && (x->prunings & PRUNE_SAFE_REMOVAL)) {
            /* Rule 4F also takes away flagged cards that lie under others (prune.c). */
            u64 buried = flags & ~tops;
            while (buried && !removed) {
                int card = highest_bit(buried);
                buried &= ~BIT(card);
                if (!removable(x, card, k, gone, flags, free_tops))
                    continue;
                if (ctx_push(x, EV_DROP, card, 0, 0) < 0)
                    return -1;
                take_out(p, card);
                flags &= ~BIT(card);
                gone |= BIT(card);
                removed = 1;
            }
        }
        if (!removed && !marked)
            break;
    }
    int score = popcount64(gone) + popcount64(flags);
    if (score > x->best_score)
        x->best_score = score;
    if (score >= x->target) {
        x->win_flags = flags;
        return 1;
    }
    u64 h1, h2;
    key_hash(x, p, k, end_game, &h1, &h2);
    int team = x->team != NULL;
    if (team ? table_seen_proved(x, h1, h2, flags) : table_seen(x, h1, h2, flags)) {
        x->ev_len = ev_mark;
        return 0;
    }
    /* The path check: a position is never searched again inside its own search. A cycle (a lone card walking
     * between gaps) keeps the cards dealt and discarded, so only the run of such ancestors is looked at. The
     * Python table does this by remembering every position; a bounded table may have replaced the entry. */
    for (int d = depth - 1; d >= 0 && x->path[d].k == k && x->path[d].gone == gone; d--)
        if (x->path[d].h1 == h1 && !(flags & ~x->path[d].flags)) {
            if (d < x->low)
                x->low = d; /* the ancestors below d are lost only if d is (see below) */
            x->ev_len = ev_mark;
            return 0;
        }
    /* A pending position of this thread: lost if the ancestors it leans on are. Which of them that is may have
     * changed since (an ancestor finished without being proved passes its own dependence on); the
     * shallowest any pending entry leans on is still being searched (else it would have been proved, or left
     * a shallower one), so leaning on it is safe: this position waits with the rest for its proof. */
    if (team && pending_covers(x, h1, flags)) {
        int lowest = x->pend[x->pend_len - 1].lowest;
        if (lowest < x->low)
            x->low = lowest;
        x->ev_len = ev_mark;
        return 0;
    }
    /* One thread enters the position before its search: a hit then means "searched, or being searched on
     * this path", and either way no win is missed (a win ends the whole search). A team's table must hold
     * only proved facts, since another thread may meet the position while this one is still searching it;
     * so there it is written when the search is done (below). */
    if (!team)
        table_insert(x, h1, h2, flags);
    x->path[depth].h1 = h1;
    x->path[depth].flags = flags;
    x->path[depth].gone = gone;
    x->path[depth].k = k;
    if (x->aces_only && upper_bound(x, p, gone, flags) < (x->deciding ? x->target : x->best_score + 1)) {
        if (team) /* the team searches only the verdict, where the bound is against the target: proved */
            table_store_proved(x, h1, h2, flags, 0);
        x->ev_len = ev_mark;
        return 0;
    }
    if (x->verdict && (x->prunings & PRUNE_LOCK) && locked_lost(x, p, k, gone, flags)) {
        /* A cut counts only where the position has children (children() below; the lock leaves no empty
         * pile, so no move): a deal, a discard with a flagged higher top, or a drop that matters. Cutting a
         * position without children changes nothing, and a pass that cut nothing else measured the exact
         * best score (solve.c). */
        int may_go_on = !end_game;
        for (int i = 0; i < 4 && !may_go_on; i++) {
            int card = p->c[i][p->n[i] - 1];
            may_go_on = (flags & BIT(card)) ? drop_matters(x, p, i, flags, end_game) : (HIGHER[card] & tops) != 0;
        }
        if (may_go_on) {
            x->verdict_cuts++;
            cut_record(x, p, k, gone, flags);
        }
        if (team)
            table_store_proved(x, h1, h2, flags, 0);
        x->ev_len = ev_mark;
        return 0;
    }
    u64 before = x->states;
    size_t pend_mark = x->pend_len;
    int low_above = x->low;
    x->low = INT_MAX;
    int r = children(x, depth, k, gone, flags, tops, end_game, h1);
    /* No win below. If a path check met an ancestor shallower than this position, that is proved only for
     * as long as the ancestor is lost (a win through the ancestor would go through here too), which is
     * known only when its own search ends: the team may then not write it, and the dependence passes up.
     * A path check that met this position itself or a deeper one leaves a proved fact: any winning line
     * from here can be taken without repeating a position, and the search tried every such line. */
    int low = x->low;
    x->low = low >= depth ? low_above : (low < low_above ? low : low_above);
    if (r == 0) {
        if (!team)
            table_record_work(x, h1, h2, flags, x->states - before);
        else if (low >= depth) {
            /* Proved lost, and so is every position its search reached: a win from one would be a win from
             * here. The ones kept waiting for this (or a deeper) ancestor are written now. */
            for (size_t n = pend_mark; n < x->pend_len; n++)
                table_store_proved(x, x->pend[n].h1, x->pend[n].h2, x->pend[n].flags, x->pend[n].work);
            x->pend_len = pend_mark;
            table_store_proved(x, h1, h2, flags, x->states - before);
        } else {
            pending_keep(x, h1, h2, flags, x->states - before, low);
        }
        x->ev_len = ev_mark;
    }
    return r;
}
