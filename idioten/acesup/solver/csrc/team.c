/* The team: the verdict pass searched by several threads sharing the one table (solve(threads=N)).
 *
 * Each thread runs the whole depth-first search from the start with its own path, line and counters; thread 0
 * (the caller's) in search.py's child order, the helpers in orders of their own (search.c, children), so that
 * they spread over different subtrees. What they share is the table, and in it only proved facts: a position
 * is written when its search found no win and did not lean on an ancestor still being searched (search.c,
 * x->low) or, when it did, once that ancestor is proved lost (search.c, the pending stack), or when a proved
 * cut (the lock, the aces-only bound against a win) ended it. A thread that meets an entry skips a subtree
 * another thread has finished. So whichever thread first ends its search from the start has the exact
 * verdict: a win is a line it played (and replays legally), a loss a search of every line with only proved
 * facts cut short. That thread wins, the others are stopped. An unwinnable deal's best score
 * is the largest any thread met: every position outside the cuts was searched in full by some thread (the
 * winner, or the writer of an entry it used), and the cuts of all threads go to the best-score pass, which one
 * thread runs as before.
 *
 * Why a handoff: the team's table must be the full one (threads cannot share a table that moves) and the
 * threads cost their start; most deals are decided in a few thousand positions, so the caller searches alone
 * first (exactly as threads=1 does) and the team starts only if solo_positions (solver.TEAM_AFTER_POSITIONS)
 * did not decide. The team then
 * begins afresh in its own table domain (the solo pass's entries say "being searched" too, not proved).
 *
 * Stopping: helpers look at the team's stop flag, the deadline and the position cap every CLOCK_EVERY
 * positions; positions are claimed from the cap in blocks of CLOCK_EVERY, so the team never examines more than
 * it. Only the caller's thread asks the cancel object (it alone may take the GIL); it stops the team. It asks
 * once more as the team starts, before any thread searches (the helpers wait for that answer): a cancel that
 * came during the solo stretch spends no position of the team, and a cancel given at that ask stops a team
 * that cannot have ended its search first, whatever the machine's load (tests/acesup/test_solver_threads.py).
 * Priority: on Linux a thread's nice value is its own; helpers take the caller's (the window's worker is
 * niced), so the search never runs above the thread that asked for it.
 * CPU budget: solver.solve's cpu_limit and the window's StopFlag(cpu=True) read the caller's thread clock,
 * so the budget is per thread: N threads may spend N times the CPU-seconds in the same wall time.
 * decided_cpu counts all the team's threads. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <errno.h>
#include <sys/resource.h>
#endif
#include "runtime.h"
#if TEAM_BUILT
#include <pthread.h>
#endif

#define MAX_THREADS 64

typedef struct Team {
    int size;
    int stop;    /* atomic: the team stops (a thread decided, time, cancel, cap, memory) */
    int halted;  /* atomic: cancelled or at the cap */
    int failed;  /* atomic: out of memory */
    int winner;  /* atomic: the order of the first thread to finish, -1 */
    int result;  /* its search's result (1 win, 0 lost), read after the join */
    u64 claimed; /* atomic: positions claimed from the cap */
    u64 cap;     /* positions the team may examine (0: no cap) */
    u64 others;  /* atomic: positions examined by the helpers, for the progress report */
    double deadline;
    u64 gone;
#if TEAM_BUILT
    int go;                 /* the caller has asked the cancel object at the team's start: the helpers may search */
    pthread_mutex_t gate;   /* guards go */
    pthread_cond_t opened;  /* go was set */
#endif
#if defined(__linux__)
    int nice;
#endif
} Team;

#if TEAM_BUILT
#define ALOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define ASTORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

static void team_stop(Team *t, int halt) {
    if (halt)
        ASTORE(&t->halted, 1);
    ASTORE(&t->stop, 1);
}

static void team_plan(Ctx *x) {
    u64 next = x->next_clock;
    if (x->cancelled && x->next_poll < next)
        next = x->next_poll;
    if (x->team->cap && x->claim_end < next)
        next = x->claim_end;
    x->next_check = next;
}

int team_check(Ctx *x) {
    Team *t = x->team;
    if (x->order) {
        __atomic_fetch_add(&t->others, x->positions - x->reported_at, __ATOMIC_RELAXED);
        x->reported_at = x->positions;
    }
    if (ALOAD(&t->stop))
        x->stop = 1;
    if (!x->stop && t->cap && x->positions >= x->claim_end) {
        u64 got = __atomic_fetch_add(&t->claimed, (u64)CLOCK_EVERY, __ATOMIC_RELAXED);
        if (got >= t->cap) {
            x->stop = 1;
            team_stop(t, 1);
        } else {
            x->claim_end = x->positions + (t->cap - got < CLOCK_EVERY ? t->cap - got : CLOCK_EVERY);
        }
    }
    if (!x->stop && x->positions >= x->next_clock) {
        x->next_clock = x->positions + CLOCK_EVERY;
        if (t->deadline > 0 && now_seconds() > t->deadline) {
            x->stop = 1;
            team_stop(t, 0);
        }
    }
    if (!x->stop && x->cancelled && x->positions >= x->next_poll) {
        x->next_poll = x->positions + POLL_EVERY;
        x->others = __atomic_load_n(&t->others, __ATOMIC_RELAXED);
        if (x->cancelled(x->cancel_arg)) {
            x->stop = 1;
            team_stop(t, 1);
        }
    }
    team_plan(x);
    return x->stop;
}

/* A thread's search from the start is over: the first to end it with an answer wins, and stops the others. */
static void team_finish(Ctx *x, int r) {
    Team *t = x->team;
    if (x->failed) {
        ASTORE(&t->failed, 1);
        team_stop(t, 0);
    }
    if (r >= 0) {
        int none = -1;
        if (__atomic_compare_exchange_n(&t->winner, &none, x->order, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            t->result = r;
        team_stop(t, 0);
    }
}

static void team_open(Team *t) {
    pthread_mutex_lock(&t->gate);
    t->go = 1;
    pthread_cond_broadcast(&t->opened);
    pthread_mutex_unlock(&t->gate);
}

static void team_wait_for_go(Team *t) {
    pthread_mutex_lock(&t->gate);
    while (!t->go)
        pthread_cond_wait(&t->opened, &t->gate);
    pthread_mutex_unlock(&t->gate);
}

static void *helper_main(void *arg) {
    Ctx *x = (Ctx *)arg;
#if defined(__linux__)
    setpriority(PRIO_PROCESS, 0, x->team->nice); /* 0: this thread (Linux keeps nice values per thread) */
#endif
    double cpu = thread_cpu_seconds();
    team_wait_for_go(x->team);
    int r = ALOAD(&x->team->stop) ? -1 : search_run(x, 0, 0, x->team->gone, 0);
    team_finish(x, r);
    x->helper_cpu = thread_cpu_seconds() - cpu;
    return NULL;
}

static void helper_free(Ctx *h) { /* the table is the caller's */
    free(h->mine);
    free(h->pend);
    free(h->cut_list);
    free(h->ev);
    free(h->pos);
    free(h->path);
    free(h);
}

/* Append a helper's cut list to the caller's (the best-score pass searches under all of them). */
static void cut_merge(Ctx *x, const Ctx *h) {
    if (h->cut_overflow)
        x->cut_overflow = 1;
    if (x->cut_overflow || !h->cut_len)
        return;
    if (x->cut_len + h->cut_len > CUT_LIST_BYTES) {
        x->cut_overflow = 1;
        return;
    }
    if (x->cut_len + h->cut_len > x->cut_cap) {
        uint8_t *list = (uint8_t *)realloc(x->cut_list, x->cut_len + h->cut_len);
        if (!list) {
            x->cut_overflow = 1;
            return;
        }
        x->cut_list = list;
        x->cut_cap = x->cut_len + h->cut_len;
    }
    memcpy(x->cut_list + x->cut_len, h->cut_list, h->cut_len);
    x->cut_len += h->cut_len;
}

/* The verdict pass again, by a team of a->threads threads (see above): 1 a win (its line in x->ev), 0 lost,
 * -1 stopped. */
int team_run(Ctx *x, const SolveArgs *a, const Pos *start) {
    Team t;
    memset(&t, 0, sizeof t);
    t.winner = -1;
    pthread_mutex_init(&t.gate, NULL);
    pthread_cond_init(&t.opened, NULL);
    t.deadline = x->deadline;
    t.gone = a->gone;
    if (x->max_positions)
        t.cap = x->max_positions > x->positions ? x->max_positions - x->positions : 1;
#if defined(__linux__)
    errno = 0;
    t.nice = getpriority(PRIO_PROCESS, 0);
    if (errno)
        t.nice = 19;
#endif
    table_full(x);
    if (x->failed) {
        pthread_cond_destroy(&t.opened);
        pthread_mutex_destroy(&t.gate);
        return -1;
    }
    x->stop = x->handoff = 0;
    x->domain = 0xDEC1DEULL ^ 0x7EA3F00DULL; /* the solo pass's entries are not all proved (see above) */
    x->ev_len = 0;
    x->pos[0] = *start;
    x->verdict_cuts = 0;
    x->cut_len = 0;
    x->cut_overflow = 0;
    x->low = INT_MAX;
    int size = a->threads < MAX_THREADS ? a->threads : MAX_THREADS;
    Ctx *helper[MAX_THREADS];
    pthread_t thread[MAX_THREADS];
    int started = 1;
    x->team = &t;
    x->checker = team_check; /* the helpers copy both */
    for (int n = 1; n < size; n++) {
        Ctx *h = (Ctx *)malloc(sizeof(Ctx));
        if (!h)
            break;
        *h = *x;
        h->ev = NULL;
        h->ev_len = h->ev_cap = 0;
        h->pos = NULL;
        h->path = NULL;
        h->depth_cap = 0;
        h->cut_list = NULL;
        h->cut_len = h->cut_cap = 0;
        h->pend = NULL;
        h->pend_len = h->pend_cap = 0;
        h->mine = NULL;
        h->states = h->positions = h->quick_nodes = h->verdict_cuts = 0;
        h->reported_at = h->claim_end = 0;
        h->next_clock = CLOCK_EVERY;
        h->next_poll = ~(u64)0;
        h->cancelled = NULL;
        h->cancel_arg = NULL;
        h->order = n;
        h->helper_cpu = 0;
        team_plan(h);
        if (ctx_reserve_depth(h, 0) < 0) {
            helper_free(h);
            break;
        }
        h->pos[0] = *start;
        if (pthread_create(&thread[n], NULL, helper_main, h) != 0) {
            helper_free(h);
            break;
        }
        helper[n] = h;
        started = n + 1;
    }
    t.size = started;
    x->claim_end = x->positions;
    if (x->cancelled) {
        x->others = 0;
        x->next_poll = x->positions + POLL_EVERY;
        if (x->cancelled(x->cancel_arg))
            team_stop(&t, 1);
    }
    team_open(&t);
    team_plan(x);
    int r = ALOAD(&t.stop) ? -1 : search_run(x, 0, 0, a->gone, 0);
    team_finish(x, r);
    team_stop(&t, 0);
    for (int n = 1; n < started; n++)
        pthread_join(thread[n], NULL);
    pthread_cond_destroy(&t.opened);
    pthread_mutex_destroy(&t.gate);
    x->team = NULL;
    x->checker = NULL;
    x->others = 0;
    int winner = t.winner;
    for (int n = 1; n < started; n++) {
        Ctx *h = helper[n];
        x->states += h->states;
        x->positions += h->positions;
        x->helper_cpu += h->helper_cpu;
        if (h->best_score > x->best_score)
            x->best_score = h->best_score;
        x->verdict_cuts += h->verdict_cuts;
        cut_merge(x, h);
        if (n == winner && t.result == 1) { /* the winner's line becomes the answer */
            Event *ev = x->ev;
            size_t cap = x->ev_cap;
            x->ev = h->ev;
            x->ev_len = h->ev_len;
            x->ev_cap = h->ev_cap;
            h->ev = ev;
            h->ev_cap = cap;
            x->win_flags = h->win_flags;
        }
        helper_free(h);
    }
    if (t.failed)
        x->failed = 1;
    x->halted = t.halted;
    x->stop = x->halted || x->failed;
    x->next_clock = x->positions;
    x->next_poll = x->positions + POLL_EVERY;
    plan_next_check(x);
    if (winner < 0 || x->failed)
        return -1;
    return t.result;
}
#else
int team_check(Ctx *x) { (void)x; return 0; }
int team_run(Ctx *x, const SolveArgs *a, const Pos *start) { (void)x; (void)a; (void)start; return -1; }
#endif

