/* The solve driver of the compiled solver: the first look, the verdict pass and the best-score pass under the
 * lock's cuts, over the searches (search.c, quick.c, team.c) and the runtime they share (runtime.c). It knows
 * nothing of Python: module.c (the binding) reads the arguments, releases the GIL around solve_run and turns
 * the result into Python objects; the only way back is the cancel callback in Ctx (core.h). */
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* The best score of a deal the verdict pass proved lost, when the lock cut there. Every position outside the
 * subtrees under the cut positions was searched exactly by that pass (a table hit stands for a position
 * searched before, whose own cuts are in the list), and its best score counts them all; so the deal's best is
 * the larger of it and the best under each cut position, which an exact search from each gives (one table for
 * all of them). Returns 0 when done, -1 when stopped (the best is then a lower bound). */
static int best_under_cuts(Ctx *x) {
    for (size_t at = 0; at < x->cut_len; at += CUT_RECORD) {
        const uint8_t *r = x->cut_list + at;
        Pos *p = &x->pos[0];
        int from = 4;
        for (int i = 0; i < 4; i++) {
            p->n[i] = r[i];
            memcpy(p->c[i], r + from, r[i]);
            from += r[i];
        }
        u64 gone, flags;
        memcpy(&gone, r + 4 + NCARDS + 1, 8);
        memcpy(&flags, r + 4 + NCARDS + 9, 8);
        x->ev_len = 0;
        if (search_run(x, 0, r[4 + NCARDS], gone, flags) < 0)
            return -1;
    }
    return 0;
}

void ctx_free(Ctx *x) {
    free(x->mine);
    free(x->pend);
    free(x->cut_list);
    table_free(x);
    free(x->ev);
    free(x->pos);
    free(x->path);
}

/* One solve (module.c's solve): the first look, the verdict pass and, for a deal it proves lost, the
 * best-score pass. The caller has read the position into x->pos[0], set up the table and the stopping. */
void solve_run(Ctx *x, const SolveArgs *a, SolveOut *o) {
    int status = 3, best_exact = 0;
    u64 decided_states = 0;
    double decided_after = -1, decided_cpu = -1;
    double cpu_started = thread_cpu_seconds(), started = a->started;
    Pos start = x->pos[0];

    /* The first look, with its own share of the time and a cap on positions (solver/__init__.py). */
    x->domain = 0x51C0FFEEULL;
    x->quick_limit = a->quick_positions;
    double overall = a->limit >= 0 ? started + a->limit : 0;
    x->deadline = started + a->quick_seconds;
    if (overall && overall < x->deadline)
        x->deadline = overall;
    int found = 0;
    int cards_left = start.n[0] + start.n[1] + start.n[2] + start.n[3] + x->stock_len;
    if (cards_left >= 4)
        found = quick_run(x, 0, 0);
    if (found == 1) {
        status = 0;
    } else if (!x->failed && !x->halted && (!a->glance_positions || found == 0)) {
        x->stop = 0;
        if (a->glance_positions && (!x->max_positions || x->positions + a->glance_positions < x->max_positions))
            x->max_positions = x->positions + a->glance_positions;
        plan_next_check(x);
        x->ev_len = 0;
        x->pos[0] = start;
        x->deadline = overall;
        x->domain = 0xDEC1DEULL;
        x->deciding = 1;
        /* The verdict pass: with a win as the target, the verdict-only prunings may cut (prune.c). */
        x->verdict = a->target == WIN_SCORE && (a->prunings & VERDICT_ONLY) != 0;
        x->best_score = popcount64(a->gone);
        if (a->threads > 1 && TEAM_BUILT) {
            x->handoff_at = x->positions + a->solo_positions;
            plan_next_check(x);
        }
        int r = search_run(x, 0, 0, a->gone, 0);
        x->handoff_at = 0;
        if (r < 0 && x->handoff && !x->halted && !x->failed)
            r = team_run(x, a, &start);
        if (r == 1) {
            status = 1;
            decided_after = now_seconds() - started;
            decided_cpu = thread_cpu_seconds() - cpu_started + x->helper_cpu;
            decided_states = x->states;
            best_exact = 1;
        } else if (r == 0) {
            status = 2;
            decided_after = now_seconds() - started;
            decided_cpu = thread_cpu_seconds() - cpu_started + x->helper_cpu;
            decided_states = x->states;
            /* The best score of a deal that cannot be won: exact from this pass unless a pruning that keeps
             * only the verdict cut something (x->verdict_cuts) or the aces-only bound cut against a win. Then
             * a second pass, in what is left of the time, measures it; if that is stopped, the best is a
             * lower bound. A lower target wants no best score at all (solver.reaches). */
            if (!a->best_pass) {
                best_exact = a->target == WIN_SCORE && !a->aces_only && !x->verdict_cuts;
            } else if (a->target == WIN_SCORE && (a->aces_only || x->verdict_cuts)) {
                x->deciding = 0;
                x->verdict = 0;
                x->domain = 0xBE575C0EULL;
                x->pos[0] = start;
                x->ev_len = 0;
                /* Only under the lock's cuts, when they are all kept; aces-only's bound cut against a win too,
                 * and its cuts are not kept: everything again there. */
                if (!a->aces_only && !x->cut_overflow)
                    best_exact = best_under_cuts(x) == 0;
                else
                    best_exact = search_run(x, 0, 0, a->gone, 0) == 0;
            } else {
                best_exact = a->target == WIN_SCORE;
            }
        }
    }
    double seconds = now_seconds() - started;
    if (status == 0) {
        x->win_flags = 0;
        x->best_score = WIN_SCORE;
        best_exact = 1;
        decided_after = seconds;
        decided_cpu = thread_cpu_seconds() - cpu_started;
    }
    decided_states += x->quick_nodes;
    x->others = 0;
    o->status = status;
    o->best_exact = best_exact;
    o->decided_states = decided_states;
    o->decided_after = decided_after;
    o->decided_cpu = decided_cpu;
    o->seconds = seconds;
}
