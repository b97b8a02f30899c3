/* The engine of the compiled solver: the solve driver (the first look, the verdict pass, the best-score pass
 * under the lock's cuts), the cut list, stopping, the path buffers and the card tables. It knows nothing of
 * Python: module.c (the binding) reads the arguments, releases the GIL around solve_run and turns the result
 * into Python objects; the only way back is the cancel callback in Ctx (core.h). */
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#include "core.h"

#define S(r) ((u64)1 << (r))
#define SUIT_ABOVE(r) (((S(13) - 1) >> ((r) + 1)) << ((r) + 1))
#define SUIT_BELOW(r) (S(r) - 1)
#define ROW(F)                                                                                                  \
    F(0), F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9), F(10), F(11), F(12)
#define HI0(r) (SUIT_ABOVE(r))
#define HI1(r) (SUIT_ABOVE(r) << 13)
#define HI2(r) (SUIT_ABOVE(r) << 26)
#define HI3(r) (SUIT_ABOVE(r) << 39)
#define LO0(r) (SUIT_BELOW(r))
#define LO1(r) (SUIT_BELOW(r) << 13)
#define LO2(r) (SUIT_BELOW(r) << 26)
#define LO3(r) (SUIT_BELOW(r) << 39)
const u64 HIGHER[NCARDS] = {ROW(HI0), ROW(HI1), ROW(HI2), ROW(HI3)};
const u64 LOWER[NCARDS] = {ROW(LO0), ROW(LO1), ROW(LO2), ROW(LO3)};

double now_seconds(void) {
#ifdef _WIN32
    LARGE_INTEGER freq, count;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&count);
    return (double)count.QuadPart / (double)freq.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
#endif
}

/* CPU time of the calling thread: the time to decide is reported on this clock too (bench/odds.py). */
double thread_cpu_seconds(void) {
#ifdef _WIN32
    FILETIME created, exited, kernel, user;
    if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user))
        return 0;
    ULARGE_INTEGER k, u;
    k.LowPart = kernel.dwLowDateTime;
    k.HighPart = kernel.dwHighDateTime;
    u.LowPart = user.dwLowDateTime;
    u.HighPart = user.dwHighDateTime;
    return (double)(k.QuadPart + u.QuadPart) * 1e-7;
#elif defined(CLOCK_THREAD_CPUTIME_ID)
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
#else
    return (double)clock() / CLOCKS_PER_SEC;
#endif
}


void plan_next_check(Ctx *x) {
    u64 next = x->next_clock;
    if (x->cancelled && x->next_poll < next)
        next = x->next_poll;
    if (x->max_positions && x->max_positions < next)
        next = x->max_positions;
    if (x->handoff_at && x->handoff_at < next)
        next = x->handoff_at;
    x->next_check = next;
}

int stop_check(Ctx *x) {
    if (x->team)
        return team_check(x);
    if (x->max_positions && x->positions >= x->max_positions)
        x->stop = x->halted = 1;
    if (!x->stop && x->handoff_at && x->positions >= x->handoff_at) {
        x->stop = x->handoff = 1; /* the team takes over (team_run) */
        x->handoff_at = 0;
    }
    if (!x->stop && x->positions >= x->next_clock) {
        x->next_clock = x->positions + CLOCK_EVERY;
        if (x->deadline > 0 && now_seconds() > x->deadline)
            x->stop = 1;
    }
    if (!x->stop && x->cancelled && x->positions >= x->next_poll) {
        x->next_poll = x->positions + POLL_EVERY;
        if (x->cancelled(x->cancel_arg))
            x->stop = x->halted = 1;
    }
    plan_next_check(x);
    return x->stop;
}

int ctx_reserve_depth(Ctx *x, size_t depth) {
    if (depth < x->depth_cap)
        return 0;
    size_t cap = x->depth_cap ? x->depth_cap * 2 : 256;
    while (cap <= depth)
        cap *= 2;
    Pos *pos = (Pos *)realloc(x->pos, cap * sizeof(Pos));
    if (!pos)
        goto fail;
    x->pos = pos;
    PathRec *path = (PathRec *)realloc(x->path, cap * sizeof(PathRec));
    if (!path)
        goto fail;
    x->path = path;
    x->depth_cap = cap;
    return 0;
fail:
    x->failed = x->stop = 1;
    return -1;
}

int ctx_push(Ctx *x, int kind, int a, int b, int c) {
    if (x->ev_len == x->ev_cap) {
        size_t cap = x->ev_cap ? x->ev_cap * 2 : 1024;
        Event *ev = (Event *)realloc(x->ev, cap * sizeof(Event));
        if (!ev) {
            x->failed = x->stop = 1;
            return -1;
        }
        x->ev = ev;
        x->ev_cap = cap;
    }
    Event *e = &x->ev[x->ev_len++];
    e->kind = (uint8_t)kind;
    e->a = (uint8_t)a;
    e->b = (uint8_t)b;
    e->c = (uint8_t)c;
    return 0;
}

/* The cut list (core.h): each record is the four pile heights, 52 card slots, the cards dealt, gone and flags. */

void cut_record(Ctx *x, const Pos *p, int k, u64 gone, u64 flags) {
    if (x->cut_overflow)
        return;
    if (x->cut_len + CUT_RECORD > x->cut_cap) {
        size_t cap = x->cut_cap ? x->cut_cap * 2 : (size_t)64 * CUT_RECORD;
        uint8_t *list = cap > CUT_LIST_BYTES ? NULL : (uint8_t *)realloc(x->cut_list, cap);
        if (!list) { /* too many: the best-score pass searches everything again */
            x->cut_overflow = 1;
            return;
        }
        x->cut_list = list;
        x->cut_cap = cap;
    }
    uint8_t *r = x->cut_list + x->cut_len;
    int at = 4;
    for (int i = 0; i < 4; i++) {
        r[i] = p->n[i];
        memcpy(r + at, p->c[i], p->n[i]);
        at += p->n[i];
    }
    r[4 + NCARDS] = (uint8_t)k;
    memcpy(r + 4 + NCARDS + 1, &gone, 8);
    memcpy(r + 4 + NCARDS + 9, &flags, 8);
    x->cut_len += CUT_RECORD;
}

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
