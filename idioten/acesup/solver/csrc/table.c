/* The bounded position table and the key hashes.
 *
 * Memory: the table is allocated once per solve with the byte budget the caller gives (default 64 MB in
 * solver/__init__.py) and never grows. It holds buckets of WAYS 16-byte entries. An insert into a full
 * bucket first replaces an entry of the same key whose flags are a subset of the new ones (the new entry
 * covers everything it covered), then the entry whose search cost least work. The table only saves work:
 * a position that is no longer in it is searched again, with the same result, so replacement never changes
 * an answer (one thing the table also did, stopping a lone card from wandering between gaps forever, is done
 * by the path check in search.c, which does not depend on the table).
 *
 * Keys and the collision bound. A key is the four piles (bottom to top; as a multiset once the stock is
 * empty, since the piles are then interchangeable) and the number of cards dealt; the cards discarded follow
 * from those. Two independent 64-bit hashes are computed: h2 picks the bucket, h1 is stored and compared.
 * A wrong hit needs a different key in the same bucket with the same h1. Modelling the hashes as random
 * functions, one look-up meets at most WAYS stored keys, each equal in h1 with probability 2^-64, so over
 * N look-ups the chance that any answer was affected is at most N * WAYS * 2^-64: below 2.2e-9 even for
 * N = 10^10 positions (an hour of search), and it can only turn a winnable position into a pruned one.
 * Each pile's hash is a XOR of random per-(height, card) words (Zobrist), so two different piles differ in
 * it with probability 1 - 2^-64; the four pile hashes then go through a 64-bit mixing bijection (fmix64)
 * before they are combined, by position in the ordered key and by addition (order-free) in the end game. */
#include <stdlib.h>
#include <string.h>

#include "core.h"

static u64 Z1[NCARDS][NCARDS], Z2[NCARDS][NCARDS];
static u64 DEALT1[NCARDS + 1], DEALT2[NCARDS + 1];

static u64 splitmix(u64 *state) {
    u64 z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline u64 fmix64(u64 k) {
    k ^= k >> 33;
    k *= 0xFF51AFD7ED558CCDULL;
    k ^= k >> 33;
    k *= 0xC4CEB9FE1A85EC53ULL;
    k ^= k >> 33;
    return k;
}

void core_init(void) {
    u64 state = 0x1D107E2ACE5ULL; /* fixed: the same keys in every run, so runs are repeatable */
    for (int d = 0; d < NCARDS; d++)
        for (int c = 0; c < NCARDS; c++) {
            Z1[d][c] = splitmix(&state);
            Z2[d][c] = splitmix(&state);
        }
    for (int k = 0; k <= NCARDS; k++) {
        DEALT1[k] = splitmix(&state);
        DEALT2[k] = splitmix(&state);
    }
}

void key_hash(const Ctx *x, const Pos *p, int k, int sorted, u64 *h1, u64 *h2) {
    u64 a = x->domain, b = x->domain * 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 4; i++) {
        u64 za = 0, zb = 0;
        for (int d = 0; d < p->n[i]; d++) {
            za ^= Z1[d][p->c[i][d]];
            zb ^= Z2[d][p->c[i][d]];
        }
        if (sorted) { /* order-free: a sum of mixed pile hashes */
            a += fmix64(za ^ 0x5bd1e995ULL);
            b += fmix64(zb ^ 0x27d4eb2fULL);
        } else {      /* ordered: each pile mixed with its place */
            a += fmix64(za ^ (0x100000001B3ULL * (u64)(i + 1)));
            b += fmix64(zb ^ (0xCBF29CE484222325ULL + (u64)i));
        }
    }
    a = fmix64(a ^ DEALT1[k]);
    b = fmix64(b ^ DEALT2[k]);
    *h1 = a ? a : 1; /* 0 marks an empty slot */
    *h2 = b;
}

/* The table's pages are asked from the system directly and given back when the search ends. Through
 * calloc, glibc raises its mmap threshold to the size of each big block freed (up to 32 MB), after which
 * tables of 32 MB or less come from its heap and stay in the process once freed: the window, which runs a
 * search for every deal, grew by about 50 MB over 40 games that way (bench/ui_memory.py). Fresh anonymous
 * pages read as zero and are mapped lazily. */
#ifdef _WIN32
static void *pages_alloc(size_t bytes, int whole) { /* big blocks go to VirtualAlloc and back */
    (void)whole;
    return calloc(1, bytes);
}
static void pages_free(void *p, size_t bytes) { (void)bytes; free(p); }
#else
#include <sys/mman.h>
/* `whole`: the search is known to be long, so where the system can map every page at once (MAP_POPULATE)
 * that is done in one call instead of one fault per page. */
static void *pages_alloc(size_t bytes, int whole) {
    int how = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_POPULATE
    if (whole)
        how |= MAP_POPULATE;
#else
    (void)whole;
#endif
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, how, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}
static void pages_free(void *p, size_t bytes) { munmap(p, bytes); }
#endif

/* Two stages. A search starts in a small table (FIRST_STAGE_BYTES, or the whole budget if that is smaller)
 * and moves to the full budget after GROW_AFTER inserts, starting it empty: losing entries is the same as
 * replacing them, so the move changes no answer. Why: a table is touched at random, so a search of a few
 * thousand positions already faults in most of the 4 KB pages of a 64 MB table, each zeroed by the kernel,
 * and that cost more than the search itself (deal 7, a 33,000-position loss: 82 ms of CPU in one 64 MB
 * table, 18 ms in stages; deal 19, 9,300 positions: 37 ms and 4.4 ms). A search that reaches the second
 * stage will touch most pages of the full table, so there they are all mapped in one call: fewer faults for
 * the same zeroing (deal 49, 197,000 positions: 163 ms -> 109 ms; deal 8, 563,000: 421 ms -> 304 ms).
 * Memory never exceeds the budget: the small table is given back before the full one is mapped.
 * Tried and left out: asking for transparent huge pages for the full table (madvise). It made deal 12's long
 * search 1.2x faster (fewer TLB misses on the random look-ups, about 40 % of that search's time by perf), but
 * where the kernel compacts memory to find a huge page the fault can stall for half a second, and a cancelled
 * search then answered that late. */
#define FIRST_STAGE_BYTES ((size_t)1 << 20)
#define GROW_AFTER 32768u

static size_t buckets_for(size_t bytes) {
    size_t buckets = 1;
    while (buckets * 2 * WAYS * sizeof(Entry) <= bytes)
        buckets *= 2;
    return buckets;
}

static int table_map(Ctx *x, size_t buckets, int whole) {
    x->table = (Entry *)pages_alloc(buckets * WAYS * sizeof(Entry), whole);
    if (!x->table)
        return -1;
    x->bucket_mask = buckets - 1;
    return 0;
}

int table_alloc(Ctx *x, size_t bytes) {
    x->table_budget = bytes;
    x->table_inserts = 0;
    size_t first = bytes < FIRST_STAGE_BYTES ? bytes : FIRST_STAGE_BYTES;
    x->table_grown = buckets_for(first) == buckets_for(bytes);
    return table_map(x, buckets_for(first), 0);
}

void table_free(Ctx *x) {
    if (x->table)
        pages_free(x->table, (x->bucket_mask + 1) * WAYS * sizeof(Entry));
    x->table = NULL;
}

/* The second stage (see above). If the full table cannot be had, the search goes on in a small one. */
static void table_grow(Ctx *x) {
    x->table_grown = 1;
    table_free(x);
    if (table_map(x, buckets_for(x->table_budget), 1) < 0 && table_map(x, buckets_for(FIRST_STAGE_BYTES), 0) < 0)
        x->failed = x->stop = 1; /* not even 1 MB: reported as out of memory */
}

#define WORK_SHIFT 52
#define WORK_MAX 4095ULL

static inline Entry *bucket_of(Ctx *x, u64 h2) { return x->table + (h2 & x->bucket_mask) * WAYS; }

int table_seen(Ctx *x, u64 h1, u64 h2, u64 flags) {
    if (!x->table)
        return 0; /* out of memory: the search is stopping */
    Entry *b = bucket_of(x, h2);
    for (int s = 0; s < WAYS; s++)
        if (b[s].check == h1 && !(flags & ~(b[s].meta & FLAG_BITS)))
            return 1;
    return 0;
}

void table_insert(Ctx *x, u64 h1, u64 h2, u64 flags) {
    if (!x->table_grown && ++x->table_inserts >= GROW_AFTER)
        table_grow(x);
    if (x->failed)
        return;
    Entry *b = bucket_of(x, h2);
    int victim = -1;
    for (int s = 0; s < WAYS; s++) {
        if (b[s].check == 0 || (b[s].check == h1 && !((b[s].meta & FLAG_BITS) & ~flags))) {
            victim = s;
            break;
        }
    }
    if (victim < 0) {
        u64 least = ~(u64)0;
        for (int s = 0; s < WAYS; s++) {
            u64 work = b[s].meta >> WORK_SHIFT;
            if (work < least) {
                least = work;
                victim = s;
            }
        }
        /* Age the others, so that entries of long-finished expensive searches do not hold a bucket for ever. */
        for (int s = 0; s < WAYS; s++)
            if (s != victim && (b[s].meta >> WORK_SHIFT))
                b[s].meta -= (u64)1 << WORK_SHIFT;
    }
    b[victim].check = h1;
    b[victim].meta = flags & FLAG_BITS;
}

void table_record_work(Ctx *x, u64 h1, u64 h2, u64 flags, u64 work) {
    if (!x->table)
        return;
    Entry *b = bucket_of(x, h2);
    u64 level = 0;
    while (work && level < WORK_MAX) { /* the bit length: a log scale of the positions it took */
        work >>= 1;
        level++;
    }
    for (int s = 0; s < WAYS; s++)
        if (b[s].check == h1 && (b[s].meta & FLAG_BITS) == flags) {
            b[s].meta = flags | (level << WORK_SHIFT);
            return;
        }
}

/* The team's entries (solve.c). Threads read and write the same buckets without a lock, so an entry is kept
 * as (h1 ^ meta, meta), each word stored and loaded whole (relaxed atomics): a reader that meets a half-written
 * entry (one word old, one new) sees a check that does not decode to its key, a miss, except by the same 2^-64
 * chance as any wrong hit (the bound above, whose N then counts the team's look-ups). A miss only costs work.
 * Entries are written only for positions proved to have no win (search.c), so a hit, whoever wrote it, is a
 * proved fact. The one-thread encoding (check = h1) never decodes to a key here either, save by that chance:
 * the team works in its own domain. No aging: a team's pass is one verdict, replacement by least work. */
#if defined(__GNUC__) || defined(__clang__)
#define LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#else
#define LOAD(p) (*(volatile u64 *)(p))
#define STORE(p, v) (*(volatile u64 *)(p) = (v))
#endif

void table_full(Ctx *x) {
    if (!x->table_grown)
        table_grow(x);
}

int table_seen_proved(const Ctx *x, u64 h1, u64 h2, u64 flags) {
    if (!x->table)
        return 0;
    Entry *b = x->table + (h2 & x->bucket_mask) * WAYS;
    for (int s = 0; s < WAYS; s++) {
        u64 meta = LOAD(&b[s].meta), check = LOAD(&b[s].check);
        if ((check ^ meta) == h1 && !(flags & ~(meta & FLAG_BITS)))
            return 1;
    }
    return 0;
}

void table_store_proved(Ctx *x, u64 h1, u64 h2, u64 flags, u64 work) {
    if (!x->table)
        return;
    Entry *b = x->table + (h2 & x->bucket_mask) * WAYS;
    u64 level = 0;
    while (work && level < WORK_MAX) {
        work >>= 1;
        level++;
    }
    int victim = -1;
    u64 least = ~(u64)0;
    for (int s = 0; s < WAYS; s++) {
        u64 meta = LOAD(&b[s].meta), check = LOAD(&b[s].check);
        if ((check == 0 && meta == 0) || ((check ^ meta) == h1 && !((meta & FLAG_BITS) & ~flags))) {
            victim = s;
            break;
        }
        if ((meta >> WORK_SHIFT) < least) {
            least = meta >> WORK_SHIFT;
            victim = s;
        }
    }
    u64 meta = (flags & FLAG_BITS) | (level << WORK_SHIFT);
    STORE(&b[victim].meta, meta);
    STORE(&b[victim].check, h1 ^ meta);
}
