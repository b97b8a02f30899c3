/* The runtime every search calls: the card tables, the clocks, stopping, the path buffers, the event line and
 * the cut list. It sits below the searches (search.c, quick.c, strict.c, team.c) and the driver that runs them
 * (solve.c), and calls none of them: a team of threads installs its own stop check in Ctx (team.c). */
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#include "runtime.h"

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
    if (x->checker)
        return x->checker(x);
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
