/* The compiled search core's shared parts: positions, the bounded table, the event line, stopping.
 *
 * The C search is a transcription of solver/search.py and solver/quick.py, which stay the executable
 * specification: the same position, the same settle loop, the same children in the same order, the same
 * prunings (their proofs are in those files). Only the memory differs: the Python table is a dict, this one
 * is a fixed budget of 16-byte entries that replaces entries when full (see table.c). */
#ifndef IDIOTEN_CORE_H
#define IDIOTEN_CORE_H

#include <stdint.h>
#include <stddef.h>

typedef uint64_t u64;

#define ACE_RANK 12
#define WIN_SCORE 48
#define NCARDS 52
#define BIT(c) ((u64)1 << (c))

/* Event kinds: the numbers of search.py's DISCARD_EV, MOVE_EV, DEAL_EV, MARK_EV, DROP_EV. */
enum { EV_DISCARD = 0, EV_MOVE = 1, EV_DEAL = 2, EV_MARK = 3, EV_DROP = 4 };

typedef struct {
    uint8_t n[4];        /* pile heights */
    uint8_t c[4][NCARDS]; /* bottom to top, card index 0..51 (suit-major, rank 2..A as 0..12) */
} Pos;

typedef struct {
    uint8_t kind, a, b, c;
} Event;

/* One table entry: a 64-bit check hash of the key, and the flags the position was searched with (52 bits)
 * plus a 12-bit measure of the work its search cost, which decides what is replaced when a bucket is full. */
typedef struct {
    u64 check;
    u64 meta;
} Entry;

#define FLAG_BITS ((BIT(52)) - 1)
#define WAYS 4 /* entries per bucket: 64 bytes, one cache line */

typedef struct {
    u64 h1, flags, gone;
    int k;
} PathRec;

typedef struct Ctx {
    /* the deal */
    uint8_t stock[48];
    int stock_len;
    int aces_only;
    unsigned prunings;       /* PRUNE_* bits: the proved prunings (prune.c; prune.py in Python) */
    int8_t stock_at[NCARDS]; /* a card's index in the stock, -1 if it is not there */
    int8_t home[NCARDS];     /* the pile a card starts on or is dealt to (aces-only: non-aces never leave it) */
    /* round_floor[s][a]: the lowest, over the rounds a, a+1, ... to the last (dead rounds left out when
     * PRUNE_DEAD_ROUNDS is on, see prune.c), of the highest rank of suit s in that round (-1 when some round
     * has none; 13 past the last round). A card of suit s and rank r has a
     * higher card of its suit in every round from a on exactly when round_floor[s][a] > r. */
    int8_t round_floor[4][13];
    /* stock_cols[a][j]: the stock cards from round a on (index >= 4a) that land on pile j (index mod 4) */
    u64 stock_cols[13][4];
    /* the bounded table */
    Entry *table;
    u64 bucket_mask;
    size_t table_budget; /* bytes allowed; the table starts smaller (table.c) */
    u64 table_inserts;
    int table_grown;
    u64 domain; /* mixed into every key: quick look, first pass and second pass never see each other's entries */
    /* the line on the current path, in play order */
    Event *ev;
    size_t ev_len, ev_cap;
    /* positions and their keys along the current path (heap, so deep lines cost no thread stack) */
    Pos *pos;
    PathRec *path;
    size_t depth_cap;
    /* counters and results */
    u64 states;
    u64 quick_nodes, quick_limit;
    int best_score;
    int deciding;
    int verdict; /* 1: this pass asks only "can it be won?", so the loss-only prunings (PRUNE_LOCK...) may cut */
    u64 verdict_cuts; /* positions they cut: none, and the pass's best score is as exact as without them */
    /* The positions the lock cut (where they had children), kept so that the best-score pass need search only
     * under them (solve.c): records of CUT_RECORD bytes, at most CUT_LIST_BYTES, else cut_overflow. */
    uint8_t *cut_list;
    size_t cut_len, cut_cap;
    int cut_overflow;
    int target; /* a line reaching this score ends the search: WIN_SCORE, or less for solver.reaches */
    u64 win_flags;
    /* stopping (runtime.c, stop_check): a deadline (monotonic seconds, 0 = none) read every CLOCK_EVERY
     * positions, a cancel callback asked (with the GIL held) every POLL_EVERY positions, and a cap on the
     * positions examined (0 = none). All three count `positions`, so where the cap and the polls fall is the
     * same on every machine. */
    u64 positions;   /* examined in all passes (first look, verdict, best score) */
    u64 next_check;  /* the count at which stop_check is next called */
    u64 next_clock, next_poll;
    u64 max_positions;
    double deadline;
    int (*cancelled)(void *);
    void *cancel_arg;
    int stop;      /* 1: out of time, cancelled or at the cap */
    int halted;    /* 1: cancelled or at the cap, so no further pass may start (a deadline ends only one) */
    int failed;    /* out of memory */
    /* The parallel verdict pass (solve.c): NULL while one thread searches. */
    struct Team *team;
    int (*checker)(struct Ctx *x);      /* stop_check's stand-in while a team searches (team.c), else NULL */
    int order;        /* 0: the specification's child order; a helper thread's number otherwise (search.c) */
    int low;          /* the shallowest ancestor a path check met in the current subtree (search.c) */
    u64 claim_end;    /* the count up to which this thread may examine positions before claiming more */
    u64 reported_at;  /* the count last added to the team's total */
    u64 handoff_at;   /* the one-thread verdict pass hands over to the team at this count (0: never) */
    int handoff;      /* 1: it did */
    u64 others;       /* positions examined by the other threads of the team, for the progress report */
    double helper_cpu; /* CPU-seconds of the helper threads (a helper: its own) */
    struct Pending *pend; /* a team thread's positions lost while an ancestor is still searched (search.c) */
    size_t pend_len, pend_cap;
    uint32_t *mine;       /* the thread's own look-up of its pending positions: a pending index + 1, or 0 */
} Ctx;

/* Positions between looks at the clock, and between asks of the cancel object. An ask takes the GIL back
 * (poll_cancel), which can wait for the window's thread, so it is rarer: 16384 positions are a few
 * milliseconds of search on a 2020s desktop. Counting positions rather than time makes the asks fall at the
 * same places on every machine (solver.CANCEL_POLL_POSITIONS, tests/test_solver_stop.py). */
#define CLOCK_EVERY 256
#define POLL_EVERY 16384

void core_init(void);
int discard_all(Ctx *x, int depth); /* quick.c: every discard at once, recorded in x->ev */

/* solve.c: the solve driver, which module.c (the binding, the only file that knows Python) calls with the
 * GIL released. */
typedef struct {
    u64 gone;
    int aces_only, target;
    unsigned prunings;
    double started;        /* now_seconds() when the call began */
    double limit;          /* seconds, or -1 for none */
    double quick_seconds;  /* the first look's share */
    u64 quick_positions;   /* the first look's cap */
    u64 glance_positions;  /* 0, or a glance's cap on the exact search (module.c) */
    int threads;           /* threads for the verdict pass (solve.c: the team); 1 = the caller's alone */
    u64 solo_positions;    /* with threads > 1: the verdict pass's positions searched alone first (>= 1) */
    int best_pass;         /* 0: no best-score pass after a loss (for measuring the verdict alone) */
} SolveArgs;
typedef struct {
    int status, best_exact; /* as module.c's solve returns them */
    u64 decided_states;
    double decided_after, decided_cpu, seconds;
} SolveOut;
void solve_run(Ctx *x, const SolveArgs *a, SolveOut *o);
void ctx_free(Ctx *x);
/* CUT_RECORD-byte records, at most CUT_LIST_BYTES in all (runtime.c, cut_record) */
#define CUT_RECORD (4 + NCARDS + 1 + 16)
#define CUT_LIST_BYTES ((size_t)16 << 20)

/* team.c: the verdict pass by a team of threads (solve(threads=N)); without pthreads and GCC atomics
 * (TEAM_BUILT 0) one thread searches whatever the count. */
#if !defined(_WIN32) && (defined(__GNUC__) || defined(__clang__))
#define TEAM_BUILT 1
#else
#define TEAM_BUILT 0
#endif
int team_check(Ctx *x);                                      /* stop_check while a team searches */
int team_run(Ctx *x, const SolveArgs *a, const Pos *start); /* 1 a win, 0 lost, -1 stopped */

/* table.c */
int table_alloc(Ctx *x, size_t bytes);
void table_free(Ctx *x);
void key_hash(const Ctx *x, const Pos *p, int k, int sorted, u64 *h1, u64 *h2);
int table_seen(Ctx *x, u64 h1, u64 h2, u64 flags);     /* 1: a stored entry covers these flags */
void table_insert(Ctx *x, u64 h1, u64 h2, u64 flags);
void table_record_work(Ctx *x, u64 h1, u64 h2, u64 flags, u64 work);
/* The team's table (solve.c, table.c): entries shared between threads, each a proved fact. */
void table_full(Ctx *x);                                    /* the full budget now, before threads share it */
int table_seen_proved(const Ctx *x, u64 h1, u64 h2, u64 flags);
void table_store_proved(Ctx *x, u64 h1, u64 h2, u64 flags, u64 work);

/* prune.c */
#define PRUNE_SAFE_REMOVAL 1u /* Rule 4F */
#define PRUNE_SAME_COLUMN 2u  /* Rule 4F-A (aces-only), on top of 4F */
#define PRUNE_DEAD_ROUNDS 4u  /* 4F's condition (ii) skips rounds after which nothing can happen */
#define PRUNE_LOCK 8u         /* verdict only: the move-free lock (Lemma L), a position that cannot be won */
#define VERDICT_ONLY (PRUNE_LOCK) /* prunings that keep the verdict but not the best score */
void prune_init(Ctx *x);
int removable(const Ctx *x, int card, int k, u64 gone, u64 flags, u64 free_tops);
int locked_lost(const Ctx *x, const Pos *p, int k, u64 gone, u64 flags);

/* search.c, quick.c, strict.c: 1 = a win (its line is x->ev), 0 = none, -1 = stopped */
int search_run(Ctx *x, int depth, int k, u64 gone, u64 flags);
int quick_run(Ctx *x, int depth, int dealt);
int strict_run(Ctx *x, int depth, int dealt); /* strict.c: the search under the strict reading */

#if defined(__GNUC__) || defined(__clang__)
static inline int popcount64(u64 v) { return __builtin_popcountll(v); }
static inline int highest_bit(u64 v) { return 63 - __builtin_clzll(v); } /* v != 0 */
#else
static inline int highest_bit(u64 v) {
    int n = 0;
    while (v >>= 1)
        n++;
    return n;
} /* MSVC and others: the portable bit count */
static inline int popcount64(u64 v) {
    v = v - ((v >> 1) & 0x5555555555555555ULL);
    v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((v * 0x0101010101010101ULL) >> 56);
}
#endif

#endif
