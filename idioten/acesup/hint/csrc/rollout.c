/* idioten.acesup.hint._crollout: the hint player's rollouts, compiled (Python's limited API of 3.10
 * only: one abi3 build serves every later Python).
 *
 * A transcription of hint/core.py, which stays the executable specification and the fallback: the same
 * card codes (suit * 16 + rank, rank 2..14), the same simple rule in the same order, the same end-of-game
 * search (turn_ends with its position limit, depth first in the same order, positions told apart by their
 * piles as a multiset), and the same stock orders (splitmix64 and the Fisher-Yates shuffle of core.py).
 * tests/test_hint_cores.py checks both give the same numbers. The weighted rankings of a turn's ends (the
 * learned evaluation, core.learned_key) are in evaluation.c, the position both share in position.h.
 *
 *   rollout(piles, order, dealt, aces_only, limit, turn_limit=0, weights=None, learned=None) -> cards the
 *       rollout discards (core.rollout; `weights`: bench/rollout_weights.py's experiment)
 *   sample(ends, bases, unseen, state, count, aces_only, win_bonus, limit, turn_limit=0, nested_samples=0,
 *          nested_width=0, nested_last=0, learned=None) -> (totals, state)
 *       (core.sample_totals: `count` shuffled orders, each dealt onto every end and played out; with
 *       nested_samples, by the nested rollout player; with `learned`, turns ranked by learned_key)
 *   nested_rollout(piles, order, dealt, aces_only, limit, turn_limit, base, win_bonus, samples, width, last,
 *                  state) -> cards discarded (core.nested_rollout)
 *
 * The GIL is released while sampling: the window's hint runs in a worker thread beside the event loop. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "evaluation.h"

/* The end-of-game search's memory, reused by every rollout of one call. */
typedef struct {
    Pos *pos;      /* positions found, in the order found */
    int *gained;   /* cards discarded on the way to each */
    int *stack;    /* indices into pos */
    uint64_t *hashes;
    int *slots;    /* open addressing: index + 1 into pos, 0 = empty */
    int mask;
    const int *weights; /* NFEAT weights of weighted_key, or NULL */
    const int *learned; /* LEARNED_STAGES * LEARNED_FEATURES weights of learned_key, or NULL (before weights) */
} Ends;

static int ends_init(Ends *e, int limit) { /* room for searches of up to `limit` positions */
    int cap = 16, room = limit + 1; /* the root and a first child even when limit is 1 */
    while (cap < 2 * room)
        cap *= 2;
    e->mask = cap - 1;
    e->pos = (Pos *)malloc(sizeof(Pos) * (size_t)room);
    e->gained = (int *)malloc(sizeof(int) * (size_t)room);
    e->stack = (int *)malloc(sizeof(int) * (size_t)room);
    e->hashes = (uint64_t *)malloc(sizeof(uint64_t) * (size_t)room);
    e->slots = (int *)malloc(sizeof(int) * (size_t)cap);
    return e->pos && e->gained && e->stack && e->hashes && e->slots;
}

static void ends_free(Ends *e) {
    free(e->pos);
    free(e->gained);
    free(e->stack);
    free(e->hashes);
    free(e->slots);
}

static int can_discard(const Pos *p, int pile) {
    if (!p->n[pile])
        return 0;
    int card = p->c[pile][p->n[pile] - 1];
    if (RANK(card) == ACE)
        return 0;
    for (int o = 0; o < NP; o++)
        if (o != pile && p->n[o]) {
            int top = p->c[o][p->n[o] - 1];
            if (SUIT(top) == SUIT(card) && top > card)
                return 1;
        }
    return 0;
}

/* Piles compared as card strings (a shorter prefix first): any fixed order serves, since it only decides
 * when two positions are the same multiset of piles. */
static int pile_cmp(const Pos *p, int a, int b) {
    int n = p->n[a] < p->n[b] ? p->n[a] : p->n[b];
    int d = memcmp(p->c[a], p->c[b], (size_t)n);
    return d ? d : (int)p->n[a] - (int)p->n[b];
}

static void sorted_piles(const Pos *p, int idx[NP]) {
    for (int i = 0; i < NP; i++)
        idx[i] = i;
    for (int i = 1; i < NP; i++)
        for (int j = i; j > 0 && pile_cmp(p, idx[j - 1], idx[j]) > 0; j--) {
            int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
}

static uint64_t canon_hash(const Pos *p) {
    int idx[NP];
    sorted_piles(p, idx);
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < NP; i++) {
        const Pos *q = p;
        for (int k = 0; k < q->n[idx[i]]; k++)
            h = (h ^ q->c[idx[i]][k]) * 1099511628211ULL;
        h = (h ^ 255) * 1099511628211ULL;
    }
    return h ^ (h >> 29);
}

static int same_multiset(const Pos *a, const Pos *b) {
    int ia[NP], ib[NP];
    sorted_piles(a, ia);
    sorted_piles(b, ib);
    for (int i = 0; i < NP; i++) {
        int x = ia[i], y = ib[i];
        if (a->n[x] != b->n[y] || memcmp(a->c[x], b->c[y], a->n[x]))
            return 0;
    }
    return 1;
}

/* Adds `p` unless a position with the same piles is there; returns its index, or -1 if it was seen. */
static int ends_add(Ends *e, int count, const Pos *p, int gained) {
    uint64_t h = canon_hash(p);
    int slot = (int)(h & (uint64_t)e->mask);
    while (e->slots[slot]) {
        int i = e->slots[slot] - 1;
        if (e->hashes[i] == h && same_multiset(&e->pos[i], p))
            return -1;
        slot = (slot + 1) & e->mask;
    }
    e->slots[slot] = count + 1;
    e->pos[count] = *p;
    e->hashes[count] = h;
    e->gained[count] = gained;
    return count;
}

static int best_gain(Ends *e, const Pos *root, int aces_only, int limit);
static int search_turn(Ends *e, Pos *p, int aces_only, int limit, int unseen);

static int greedy_move(const Pos *p, int aces_only, int *from, int *to) {
    int gap = -1;
    for (int pile = 0; pile < NP; pile++)
        if (!p->n[pile]) {
            gap = pile;
            break;
        }
    if (gap < 0)
        return 0;
    int best = -1, best_key = -1;
    for (int pile = 0; pile < NP; pile++) {
        int n = p->n[pile];
        if (n < 2)
            continue;
        int card = p->c[pile][n - 1];
        int is_ace = RANK(card) == ACE;
        if (aces_only && !is_ace)
            continue;
        int under = p->c[pile][n - 2];
        int frees = SUIT(card) == SUIT(under) && card > under;
        if (!frees)
            for (int o = 0; o < NP; o++)
                if (o != pile && p->n[o]) {
                    int top = p->c[o][p->n[o] - 1];
                    if (SUIT(top) == SUIT(under) && top > under) {
                        frees = 1;
                        break;
                    }
                }
        int key = (is_ace << 7) | (frees << 6) | n; /* (is_ace, frees, len) compared as a tuple */
        if (key > best_key) {
            best = pile;
            best_key = key;
        }
    }
    if (best < 0)
        return 0;
    *from = best;
    *to = gap;
    return 1;
}

static int greedy_turn(Pos *p, int aces_only) {
    int discarded = 0;
    for (;;) {
        for (;;) {
            int best = -1, best_rank = 99;
            for (int pile = 0; pile < NP; pile++) {
                if (!p->n[pile])
                    continue;
                int card = p->c[pile][p->n[pile] - 1];
                int rank = RANK(card);
                if (rank >= best_rank || rank == ACE)
                    continue;
                for (int o = 0; o < NP; o++)
                    if (o != pile && p->n[o]) {
                        int top = p->c[o][p->n[o] - 1];
                        if (SUIT(top) == SUIT(card) && top > card) {
                            best = pile;
                            best_rank = rank;
                            break;
                        }
                    }
            }
            if (best < 0)
                break;
            p->n[best]--;
            discarded++;
        }
        int from, to;
        if (!greedy_move(p, aces_only, &from, &to))
            return discarded;
        p->c[to][p->n[to]++] = p->c[from][--p->n[from]];
    }
}

/* turn_limit 0: the simple rule plays each turn; otherwise search_turn with that many positions. */
static int rollout(Ends *e, Pos *p, const uint8_t *order, int size, int dealt, int aces_only, int limit,
                   int turn_limit) {
    int discarded = 0;
    while (dealt < size) {
        discarded += turn_limit ? search_turn(e, p, aces_only, turn_limit, size - dealt) : greedy_turn(p, aces_only);
        for (int pile = 0; pile < NP; pile++)
            p->c[pile][p->n[pile]++] = order[dealt + pile];
        dealt += NP;
    }
    return discarded + best_gain(e, p, aces_only, limit);
}

/* core.turn_ends with no stock: every position reachable before the next deal, one per multiset of piles,
 * into e->pos / e->gained, the first `limit` found in core.py's order (depth first; discards of piles 0-3,
 * then moves from pile 0-3 to each gap 0-3, as core.useful_actions lists them). Returns how many. */
static int explore(Ends *e, const Pos *root, int aces_only, int limit) {
    memset(e->slots, 0, sizeof(int) * (size_t)(e->mask + 1));
    int count = 0, top = 0;
    ends_add(e, count++, root, 0); /* core.py looks at the limit only after adding a child */
    e->stack[top++] = 0;
    while (top) {
        int at = e->stack[--top];
        Pos here = e->pos[at];
        int gained = e->gained[at];
        for (int kind = 0; kind < 2; kind++)
            for (int pile = 0; pile < NP; pile++)
                for (int target = 0; target < (kind ? NP : 1); target++) {
                    Pos after = here;
                    int g = gained;
                    if (kind == 0) {
                        if (!can_discard(&here, pile))
                            continue;
                        after.n[pile]--;
                        g++;
                    } else {
                        if (here.n[pile] < 2 || here.n[target] ||
                            (aces_only && RANK(here.c[pile][here.n[pile] - 1]) != ACE))
                            continue;
                        after.c[target][0] = here.c[pile][here.n[pile] - 1];
                        after.n[target] = 1;
                        after.n[pile]--;
                    }
                    int i = ends_add(e, count, &after, g);
                    if (i < 0)
                        continue;
                    count++;
                    if (count >= limit)
                        return count;
                    e->stack[top++] = i;
                }
    }
    return count;
}

static int best_gain(Ends *e, const Pos *root, int aces_only, int limit) {
    int count = explore(e, root, aces_only, limit), best = 0;
    for (int i = 0; i < count; i++)
        if (e->gained[i] > best)
            best = e->gained[i];
    return best;
}

/* core.turn_key: the most discards, then the most aces at the bottom of a pile, then the fewest gaps. */
static int turn_key(const Pos *p, int gained) {
    int aces = 0, gaps = 0;
    for (int pile = 0; pile < NP; pile++) {
        if (!p->n[pile])
            gaps++;
        else if (RANK(p->c[pile][0]) == ACE)
            aces++;
    }
    return gained * 64 + aces * 8 + (NP - gaps);
}

/* core.search_turn: plays the turn's line with the best turn_key, or learned_key for `unseen` cards still to
 * come (the first found among equals). */
static int search_turn(Ends *e, Pos *p, int aces_only, int limit, int unseen) {
    int count = explore(e, p, aces_only, limit), best = 0, best_key = -1;
    for (int i = 0; i < count; i++) {
        int key = e->learned   ? learned_key(&e->pos[i], e->learned, unseen)
                  : e->weights ? weighted_key(&e->pos[i], e->gained[i], e->weights)
                               : turn_key(&e->pos[i], e->gained[i]);
        if (i == 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    *p = e->pos[best];
    return e->gained[best];
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* core.shuffled: Fisher-Yates over `cards` (already in place) from `state`. */
static void shuffle(uint8_t *cards, int size, uint64_t *state) {
    for (int i = size - 1; i > 0; i--) {
        int j = (int)(splitmix(state) % (uint64_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

/* ---- Nested rollouts (core.nested_rollout): the rollout's own turns chosen by rollouts ---- */

#define MAX_WIDTH 16
#define WIN 48
#define NESTED_SALT 0xD1B54A32D192ED03ULL /* core.NESTED_SALT: the inner orders' stream, apart from the outer one */

typedef struct {
    int samples; /* inner stock orders weighed at each of the rollout's turns */
    int width;   /* turn ends weighed, the best by turn_key */
    int last;    /* only turns with at most this many cards still to come are played so (the others by
                  * search_turn); 0: every turn */
    int win_bonus;
} Nested;

static int cmp_bytes(const void *a, const void *b) { return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b; }

/* Plays the rollout's turns by a rollout player: at each turn with a choice and at most `last` cards to come
 * (every turn if `last` is 0), the `width` turn ends with the best turn_key (the first found among equals) are each dealt `samples` orders of the cards
 * still to come, drawn from *state as a shuffle of them in sorted order (the nested player never sees the
 * order it is dealt), and played out by the searching rollout; the end with the best sum (scored as the hint
 * scores a rollout, from `base` discards) is played, the first of the ranking among equals. */
static int nested_rollout(Ends *e, Pos *p, const uint8_t *order, int size, int dealt, int aces_only, int limit,
                          int turn_limit, const Nested *n, int base, uint64_t *state) {
    int discarded = 0;
    Pos cand[MAX_WIDTH];
    int cand_gained[MAX_WIDTH], cand_key[MAX_WIDTH];
    long long totals[MAX_WIDTH];
    uint8_t unseen[MAXC], inner[MAXC];
    while (dealt < size) {
        if (n->last && size - dealt > n->last) {
            discarded += search_turn(e, p, aces_only, turn_limit, size - dealt);
        } else {
            int count = explore(e, p, aces_only, turn_limit), width = 0;
            for (int i = 0; i < count; i++) { /* insertion into the ranking, keeping the first found among equals */
                int key = turn_key(&e->pos[i], e->gained[i]), at = width;
                while (at > 0 && cand_key[at - 1] < key)
                    at--;
                if (at >= n->width)
                    continue;
                for (int j = (width < n->width ? width : n->width - 1); j > at; j--) {
                    cand[j] = cand[j - 1];
                    cand_gained[j] = cand_gained[j - 1];
                    cand_key[j] = cand_key[j - 1];
                }
                cand[at] = e->pos[i];
                cand_gained[at] = e->gained[i];
                cand_key[at] = key;
                if (width < n->width)
                    width++;
            }
            int best = 0;
            if (width > 1) {
                int left = size - dealt;
                memcpy(unseen, order + dealt, (size_t)left);
                qsort(unseen, (size_t)left, 1, cmp_bytes);
                memset(totals, 0, sizeof(totals));
                for (int s = 0; s < n->samples; s++) {
                    memcpy(inner, unseen, (size_t)left);
                    shuffle(inner, left, state);
                    for (int c = 0; c < width; c++) {
                        Pos q = cand[c];
                        for (int pile = 0; pile < NP; pile++)
                            q.c[pile][q.n[pile]++] = inner[pile];
                        int score = base + discarded + cand_gained[c] +
                                    rollout(e, &q, inner, left, NP, aces_only, limit, turn_limit);
                        totals[c] += score + (score == WIN ? n->win_bonus : 0);
                    }
                }
                for (int c = 1; c < width; c++)
                    if (totals[c] > totals[best])
                        best = c;
            }
            *p = cand[best];
            discarded += cand_gained[best];
        }
        for (int pile = 0; pile < NP; pile++)
            p->c[pile][p->n[pile]++] = order[dealt + pile];
        dealt += NP;
    }
    return discarded + best_gain(e, p, aces_only, limit);
}

/* ---- Python glue ---- */

/* A list or tuple as it is, anything else iterable as a new list: PySequence_Fast, which the limited API lacks,
 * with its error. The items are then read through fast_item, once per call before the rollouts run. */
static PyObject *as_list_or_tuple(PyObject *obj, const char *message) {
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        Py_INCREF(obj);
        return obj;
    }
    PyObject *list = PySequence_List(obj);
    if (!list && PyErr_ExceptionMatches(PyExc_TypeError))
        PyErr_SetString(PyExc_TypeError, message);
    return list;
}

static Py_ssize_t fast_size(PyObject *seq) { return PyList_Check(seq) ? PyList_Size(seq) : PyTuple_Size(seq); }

/* A borrowed reference, as PySequence_Fast_GET_ITEM gives. */
static PyObject *fast_item(PyObject *seq, Py_ssize_t i) {
    return PyList_Check(seq) ? PyList_GetItem(seq, i) : PyTuple_GetItem(seq, i);
}

static int read_pos(PyObject *piles, Pos *p) {
    PyObject *seq = as_list_or_tuple(piles, "piles must be a sequence of four bytes objects");
    if (!seq)
        return 0;
    if (fast_size(seq) != NP) {
        PyErr_SetString(PyExc_ValueError, "piles must be four bytes objects");
        Py_DECREF(seq);
        return 0;
    }
    for (int i = 0; i < NP; i++) {
        PyObject *b = fast_item(seq, i);
        char *cards;
        Py_ssize_t count;
        if (!PyBytes_Check(b) || PyBytes_AsStringAndSize(b, &cards, &count) < 0 || count > MAXC) {
            PyErr_SetString(PyExc_ValueError, "a pile must be a bytes object of at most 52 cards");
            Py_DECREF(seq);
            return 0;
        }
        p->n[i] = (uint8_t)count;
        memcpy(p->c[i], cards, p->n[i]);
    }
    Py_DECREF(seq);
    return 1;
}

static int fits(const Pos *p, Py_ssize_t stock) {
    int total = 0;
    for (int i = 0; i < NP; i++)
        total += p->n[i];
    return total + stock <= MAXC;
}

/* `count` ints from a sequence (None: nothing read, returns 0); 1 when read, -1 with an exception set. Each
 * must fit in 16 bits, so that a key (a few dozen features at most, each below 2,704) cannot overflow an int. */
static int read_ints(PyObject *obj, int *out, int count, const char *what) {
    if (obj == Py_None)
        return 0;
    PyObject *seq = as_list_or_tuple(obj, "weights must be a sequence of ints");
    if (!seq)
        return -1;
    if (fast_size(seq) != count) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %d ints", what, count);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        long value = PyLong_AsLong(fast_item(seq, i));
        if (PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (value < -32768 || value > 32767) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: each between -32768 and 32767", what);
            return -1;
        }
        out[i] = (int)value;
    }
    Py_DECREF(seq);
    return 1;
}

static PyObject *py_rollout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *piles;
    const char *order;
    Py_ssize_t size;
    int dealt, aces_only, limit, turn_limit = 0;
    PyObject *weights_obj = Py_None, *learned_obj = Py_None;
    if (!PyArg_ParseTuple(args, "Oy#ipi|iOO", &piles, &order, &size, &dealt, &aces_only, &limit, &turn_limit,
                          &weights_obj, &learned_obj))
        return NULL;
    int weights[NFEAT], learned[LEARNED_STAGES * LEARNED_FEATURES];
    int has_weights = read_ints(weights_obj, weights, NFEAT, "weights");
    if (has_weights < 0)
        return NULL;
    int has_learned = read_ints(learned_obj, learned, LEARNED_STAGES * LEARNED_FEATURES, "learned");
    if (has_learned < 0)
        return NULL;
    Pos p;
    if (!read_pos(piles, &p))
        return NULL;
    if (dealt < 0 || dealt > size || (size - dealt) % NP || !fits(&p, size - dealt) || limit < 1 || turn_limit < 0) {
        PyErr_SetString(PyExc_ValueError, "the cards to deal do not fit the table");
        return NULL;
    }
    Ends e;
    if (!ends_init(&e, limit > turn_limit ? limit : turn_limit)) {
        ends_free(&e);
        return PyErr_NoMemory();
    }
    e.weights = has_weights ? weights : NULL;
    e.learned = has_learned ? learned : NULL;
    int result = rollout(&e, &p, (const uint8_t *)order, (int)size, dealt, aces_only, limit, turn_limit);
    ends_free(&e);
    return PyLong_FromLong(result);
}

static PyObject *py_sample(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ends_obj, *bases_obj;
    const char *unseen;
    Py_ssize_t size;
    unsigned long long state;
    Py_ssize_t count;
    int aces_only, win_bonus, limit, turn_limit = 0;
    Nested nested = {0, 0, 0, 0};
    PyObject *learned_obj = Py_None;
    if (!PyArg_ParseTuple(args, "OOy#Knpii|iiiiO", &ends_obj, &bases_obj, &unseen, &size, &state, &count, &aces_only,
                          &win_bonus, &limit, &turn_limit, &nested.samples, &nested.width, &nested.last, &learned_obj))
        return NULL;
    int learned[LEARNED_STAGES * LEARNED_FEATURES];
    int has_learned = read_ints(learned_obj, learned, LEARNED_STAGES * LEARNED_FEATURES, "learned");
    if (has_learned < 0)
        return NULL;
    if (has_learned && nested.samples) { /* core.sample_totals has no such player either */
        PyErr_SetString(PyExc_ValueError, "learned weights rank a flat rollout's turns, not a nested one's");
        return NULL;
    }
    nested.win_bonus = win_bonus;
    if (nested.samples < 0 || (nested.samples && (nested.width < 1 || nested.width > MAX_WIDTH || nested.last < 0 ||
                                                  turn_limit < 1))) {
        PyErr_SetString(PyExc_ValueError, "nested rollouts: samples >= 0, width 1-16, last >= 0, turn_limit >= 1");
        return NULL;
    }
    PyObject *ends_seq = as_list_or_tuple(ends_obj, "ends must be a sequence of positions");
    if (!ends_seq)
        return NULL;
    PyObject *bases_seq = as_list_or_tuple(bases_obj, "bases must be a sequence of ints");
    if (!bases_seq) {
        Py_DECREF(ends_seq);
        return NULL;
    }
    Py_ssize_t n = fast_size(ends_seq);
    PyObject *result = NULL;
    Pos *starts = (Pos *)malloc(sizeof(Pos) * (size_t)(n ? n : 1));
    long *bases = (long *)malloc(sizeof(long) * (size_t)(n ? n : 1));
    long long *totals = (long long *)calloc((size_t)(n ? n : 1), sizeof(long long));
    Ends e = {0}; /* weights NULL: turn_key */
    int ok = starts && bases && totals && ends_init(&e, limit > turn_limit ? limit : turn_limit > 0 ? turn_limit : 1);
    e.learned = has_learned ? learned : NULL;
    if (!ok) {
        PyErr_NoMemory();
        goto done;
    }
    if (fast_size(bases_seq) != n || size % NP || size < NP || limit < 1 || turn_limit < 0) {
        PyErr_SetString(PyExc_ValueError, "one base per end, and whole deals of unseen cards");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!read_pos(fast_item(ends_seq, i), &starts[i]))
            goto done;
        if (!fits(&starts[i], size)) {
            PyErr_SetString(PyExc_ValueError, "the unseen cards do not fit the table");
            goto done;
        }
        bases[i] = PyLong_AsLong(fast_item(bases_seq, i));
        if (bases[i] == -1 && PyErr_Occurred())
            goto done;
    }
    uint8_t order[MAXC];
    uint64_t st = (uint64_t)state;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t s = 0; s < count; s++) {
        memcpy(order, unseen, (size_t)size);
        shuffle(order, (int)size, &st);
        for (Py_ssize_t i = 0; i < n; i++) {
            Pos p = starts[i];
            for (int pile = 0; pile < NP; pile++)
                p.c[pile][p.n[pile]++] = order[pile];
            long score;
            if (nested.samples) {
                uint64_t inner = st ^ NESTED_SALT; /* every end's nested player draws the same inner orders */
                score = bases[i] + nested_rollout(&e, &p, order, (int)size, NP, aces_only, limit, turn_limit, &nested,
                                                  (int)bases[i], &inner);
            } else {
                score = bases[i] + rollout(&e, &p, order, (int)size, NP, aces_only, limit, turn_limit);
            }
            totals[i] += score + (score == WIN ? win_bonus : 0);
        }
    }
    Py_END_ALLOW_THREADS
    PyObject *list = PyList_New(n);
    if (!list)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyList_SetItem(list, i, PyLong_FromLongLong(totals[i])) < 0) { /* a NULL item: out of memory */
            Py_DECREF(list);
            goto done;
        }
    result = Py_BuildValue("(NK)", list, (unsigned long long)st);
done:
    Py_DECREF(ends_seq);
    Py_DECREF(bases_seq);
    free(starts);
    free(bases);
    free(totals);
    ends_free(&e);
    return result;
}

static PyObject *py_nested_rollout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *piles;
    const char *order;
    Py_ssize_t size;
    int dealt, aces_only, limit, turn_limit, base;
    unsigned long long state;
    Nested nested;
    if (!PyArg_ParseTuple(args, "Oy#ipiiiiiiiK", &piles, &order, &size, &dealt, &aces_only, &limit, &turn_limit,
                          &base, &nested.win_bonus, &nested.samples, &nested.width, &nested.last, &state))
        return NULL;
    Pos p;
    if (!read_pos(piles, &p))
        return NULL;
    if (dealt < 0 || dealt > size || (size - dealt) % NP || !fits(&p, size - dealt) || limit < 1 || turn_limit < 1 ||
        nested.samples < 1 || nested.width < 1 || nested.width > MAX_WIDTH || nested.last < 0) {
        PyErr_SetString(PyExc_ValueError, "nested rollout: the cards must fit the table; turn_limit and samples >= 1, "
                                          "width 1-16, last >= 0");
        return NULL;
    }
    Ends e;
    if (!ends_init(&e, limit > turn_limit ? limit : turn_limit)) {
        ends_free(&e);
        return PyErr_NoMemory();
    }
    e.weights = NULL;
    e.learned = NULL;
    uint64_t st = (uint64_t)state;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = nested_rollout(&e, &p, (const uint8_t *)order, (int)size, dealt, aces_only, limit, turn_limit, &nested,
                            base, &st);
    Py_END_ALLOW_THREADS
    ends_free(&e);
    return PyLong_FromLong(result);
}

static PyMethodDef methods[] = {
    {"rollout", py_rollout, METH_VARARGS,
     "rollout(piles, order, dealt, aces_only, limit, turn_limit=0, weights=None, learned=None) -> cards discarded"},
    {"sample", py_sample, METH_VARARGS,
     "sample(ends, bases, unseen, state, count, aces_only, win_bonus, limit, turn_limit=0, nested_samples=0, "
     "nested_width=0, nested_last=0, learned=None) -> (totals, state)"},
    {"nested_rollout", py_nested_rollout, METH_VARARGS,
     "nested_rollout(piles, order, dealt, aces_only, limit, turn_limit, base, win_bonus, samples, width, last, "
     "state) -> cards discarded"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_crollout", "The hint player's compiled rollouts.", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__crollout(void) { return PyModule_Create(&module); }
