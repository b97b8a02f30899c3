/* idioten.poker._cplayout: the poker hint player's play-outs, compiled (Python's limited API of
 * 3.10 only: one abi3 build serves every later Python).
 *
 * A transcription of poker/playout.py (with gains.placement_gains and values.feature), which stays the
 * executable specification and the fallback: the same card codes (13 three-bit rank counters, then 4
 * three-bit suit counters), the same line features and value look-ups in doubles added in the same order,
 * the same choice (largest gain, a tie to the highest cell) and the same orders (splitmix64, forward
 * Fisher-Yates). tests/test_poker_playout.py checks both give the same numbers. No joker: the caller plays
 * those games out in Python.
 *
 *   sample(keys, empties, codes, unseen_suits, n_lines, values, points, patterns, state, count)
 *       -> (sums, state)
 *
 * keys: per start, the sum of card codes of each line; empties: per start, bytes of its empty cells in
 * ascending order (all starts have as many); codes: the unseen cards' codes, sorted by card index;
 * values: the value table as doubles, bytes; points: 11 points by category; patterns: bytes, pattern index by
 * rank counts written largest first as base-8 digits. The GIL is released while sampling: the window
 * asks for hints from a worker thread beside its event loop. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define LINE 5
#define CELLS 25
#define MAXL 12
#define MAXS 32
#define RANK_BITS 3
#define SUIT_SHIFT 39
#define STAGES 8
#define KINDS 3

enum { HIGH, PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL, FOUR, SFLUSH, ROYAL };

typedef struct {
    int n_lines;
    int kind[MAXL];
    int through_n[CELLS];
    int through[CELLS][4];
    const double *values;
    const unsigned char *patterns;
    long points[11];
    const unsigned char (*grow)[LINE]; /* pattern index after one more card of a rank held 0-4 times */
    const unsigned char *span;         /* the ranks held (bit r: rank r + 2) still fit in a straight */
} Setup;

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A line as the value table sees it, kept up to date card by card rather than read back from its key:
 * its rank counts' pattern, which ranks it holds, whether a rank repeats, and its one suit (-1: none or
 * several). */
typedef struct {
    uint64_t key;
    int count, pattern, mask, repeated, suit;
} Line;

/* Built from the first pattern table given and kept while the same one comes (under the GIL). */
static unsigned char built_from[8 * 8 * 8 * 8 * 8], grow_table[32][LINE], span_table[1 << 13];
static int built;

static int build_tables(Setup *s) { /* pattern after one more card of a rank held c times; straight spans */
    s->grow = (const unsigned char (*)[LINE])grow_table;
    s->span = span_table;
    if (built && !memcmp(built_from, s->patterns, sizeof built_from))
        return 1;
    built = 0;
    for (int p = 0; p < 32; p++)
        for (int c = 0; c < LINE; c++)
            grow_table[p][c] = 255;
    for (int code = 0; code < 8 * 8 * 8 * 8 * 8; code++) {
        int index = s->patterns[code];
        if (index == 255)
            continue;
        if (index >= 32)
            return 0;
        int digits[LINE + 1], n = 0;
        for (int rest = code; rest; rest /= 8)
            digits[n++] = rest % 8; /* smallest first */
        for (int c = 0; c < LINE; c++) {
            int next[LINE + 1], m = 0, done = 0;
            for (int i = n - 1; i >= 0; i--) { /* largest first, the first count c grows by one */
                int d = digits[i];
                if (!done && c && d == c) {
                    d++;
                    done = 1;
                }
                next[m++] = d;
            }
            if (!c) {
                next[m++] = 1;
                done = 1;
            }
            if (!done || m > LINE)
                continue;
            for (int i = 1; i < m; i++) /* keep largest first */
                for (int j = i; j > 0 && next[j - 1] < next[j]; j--) {
                    int t = next[j];
                    next[j] = next[j - 1];
                    next[j - 1] = t;
                }
            int grown = 0, total = 0;
            for (int i = 0; i < m; i++) {
                grown = grown * 8 + next[i];
                total += next[i];
            }
            if (total <= LINE)
                grow_table[index][c] = s->patterns[grown];
        }
    }
    for (int mask = 0; mask < 1 << 13; mask++) {
        int low = 15, high = 0, low_ace = 15, high_ace = 0;
        for (int r = 0; r < 13; r++)
            if (mask >> r & 1) {
                int rank = r + 2, as_low = rank == 14 ? 1 : rank;
                if (rank < low) low = rank;
                if (rank > high) high = rank;
                if (as_low < low_ace) low_ace = as_low;
                if (as_low > high_ace) high_ace = as_low;
            }
        span_table[mask] = !mask || high - low <= 4 || high_ace - low_ace <= 4;
    }
    memcpy(built_from, s->patterns, sizeof built_from);
    built = 1;
    return 1;
}

static void line_of(const Setup *s, uint64_t key, Line *line) { /* from its key: only at a play-out's start */
    int sorted[LINE + 8], n = 0;
    line->key = key;
    line->count = line->mask = line->repeated = 0;
    for (int r = 0; r < 13; r++) {
        int c = (int)((key >> (RANK_BITS * r)) & 7);
        if (!c)
            continue;
        line->count += c;
        line->mask |= 1 << r;
        if (c > 1)
            line->repeated = 1;
        int i = n++;
        while (i > 0 && sorted[i - 1] < c) {
            sorted[i] = sorted[i - 1];
            i--;
        }
        sorted[i] = c;
    }
    int code = 0;
    for (int i = 0; i < n && i < LINE; i++)
        code = code * 8 + sorted[i];
    line->pattern = s->patterns[code];
    line->suit = -1;
    uint64_t suits = key >> SUIT_SHIFT;
    for (int q = 0; q < 4; q++)
        if ((suits >> (RANK_BITS * q)) & 7)
            line->suit = line->suit == -1 ? q : -2;
    if (line->suit < 0)
        line->suit = -1;
}

static inline double value_at(const Setup *s, int pattern, int straight, int flush, int kind, int stage) {
    return s->values[((((pattern * 2 + straight) * 2 + flush) * KINDS + kind) * STAGES) + stage];
}

static int category(uint64_t key) { /* five cards, no joker */
    int pairs = 0, three = 0, four = 0, low = 15, high = 0, present = 0, suit = -1;
    for (int r = 0; r < 13; r++) {
        int c = (int)((key >> (RANK_BITS * r)) & 7);
        if (!c)
            continue;
        if (c == 2) pairs++;
        else if (c == 3) three = 1;
        else if (c >= 4) four = 1;
        if (r + 2 < low) low = r + 2;
        if (r + 2 > high) high = r + 2;
        present |= 1 << r;
    }
    if (four) return FOUR;
    if (three) return pairs ? FULL : THREE;
    if (pairs) return pairs == 2 ? TWO_PAIR : PAIR;
    /* five different ranks: a straight when they are consecutive, or A-2-3-4-5 (the ace low, top 5) */
    int top = high - low == 4 ? high : present == (0xF | 1 << 12) ? 5 : 0;
    uint64_t suits = key >> SUIT_SHIFT;
    for (int q = 0; q < 4; q++)
        if (((suits >> (RANK_BITS * q)) & 7) == LINE)
            suit = q;
    if (suit >= 0)
        return top == 14 ? ROYAL : top ? SFLUSH : FLUSH;
    return top ? STRAIGHT : HIGH;
}

static long play_out(const Setup *s, const uint64_t *start_keys, const unsigned char *start_empty, int n_empty,
                     const uint64_t *sequence, const unsigned char *ranks, const unsigned char *suits,
                     const int *start_unseen) {
    Line lines[MAXL];
    int unseen[4];
    unsigned char empty[CELLS];
    memcpy(empty, start_empty, (size_t)n_empty);
    memcpy(unseen, start_unseen, sizeof unseen);
    for (int l = 0; l < s->n_lines; l++)
        line_of(s, start_keys[l], &lines[l]);
    for (int step = 0; n_empty > 0; step++) {
        uint64_t code = sequence[step];
        int r = ranks[step], q = suits[step];
        unseen[q]--;
        int stage = (CELLS - n_empty) * STAGES / CELLS;
        double gain_of[MAXL];
        for (int l = 0; l < s->n_lines; l++) {
            Line *line = &lines[l];
            gain_of[l] = 0.0;
            if (line->count == LINE)
                continue;
            int kind = s->kind[l];
            int flush = !line->count || (line->suit >= 0 && unseen[line->suit] >= LINE - line->count);
            double old = value_at(s, line->pattern, !line->repeated && s->span[line->mask], flush, kind, stage);
            double now;
            if (line->count == LINE - 1) {
                now = (double)s->points[category(line->key + code)];
            } else {
                int held = (int)((line->key >> (RANK_BITS * r)) & 7);
                int suit = !line->count || line->suit == q ? q : -1;
                int grown_flush = suit >= 0 && unseen[suit] >= LINE - line->count - 1;
                now = value_at(s, s->grow[line->pattern][held],
                               !line->repeated && !held && s->span[line->mask | 1 << r], grown_flush, kind, stage);
            }
            gain_of[l] = now - old;
        }
        int best_at = -1;
        double best = 0.0;
        for (int i = 0; i < n_empty; i++) {
            int cell = empty[i];
            const int *through = s->through[cell];
            double gain;
            if (s->through_n[cell] == 2) {
                gain = gain_of[through[0]] + gain_of[through[1]];
            } else {
                gain = 0.0;
                for (int t = 0; t < s->through_n[cell]; t++)
                    gain += gain_of[through[t]];
            }
            if (best_at < 0 || gain > best || (gain == best && cell > empty[best_at])) {
                best = gain;
                best_at = i;
            }
        }
        int cell = empty[best_at];
        memmove(empty + best_at, empty + best_at + 1, (size_t)(n_empty - best_at - 1));
        n_empty--;
        for (int t = 0; t < s->through_n[cell]; t++) {
            Line *line = &lines[s->through[cell][t]];
            int held = (int)((line->key >> (RANK_BITS * r)) & 7);
            line->pattern = s->grow[line->pattern][held];
            line->repeated |= held > 0;
            line->mask |= 1 << r;
            line->suit = !line->count || line->suit == q ? q : -1;
            line->count++;
            line->key += code;
        }
    }
    long total = 0;
    for (int l = 0; l < s->n_lines; l++)
        total += s->points[category(lines[l].key)];
    return total;
}

static void setup_lines(Setup *s, int n_lines) {
    s->n_lines = n_lines;
    memset(s->through_n, 0, sizeof s->through_n);
    for (int l = 0; l < n_lines; l++) {
        s->kind[l] = l < 5 ? 0 : l < 10 ? 1 : 2;
        for (int i = 0; i < 5; i++) {
            int cell = l < 5 ? l * 5 + i : l < 10 ? i * 5 + (l - 5) : l == 10 ? i * 6 : i * 5 + 4 - i;
            s->through[cell][s->through_n[cell]++] = l;
        }
    }
}

static PyObject *py_sample(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *keys_obj, *empties_obj, *codes_obj, *unseen_obj, *points_obj;
    int n_lines, count;
    /* bytes, not buffers: the limited API has the buffer protocol only from 3.11. The argument tuple keeps
     * both alive and bytes do not change, so the pointers hold while the GIL is released. */
    const char *values, *patterns;
    Py_ssize_t values_len, patterns_len;
    unsigned long long state;
    if (!PyArg_ParseTuple(args, "OOOOiy#Oy#Ki", &keys_obj, &empties_obj, &codes_obj, &unseen_obj, &n_lines,
                          &values, &values_len, &points_obj, &patterns, &patterns_len, &state, &count))
        return NULL;
    Setup s;
    uint64_t keys[MAXS][MAXL], codes[52], order[52];
    unsigned char ranks[52], suits[52];
    unsigned char empties[MAXS][CELLS];
    int unseen[4], n_starts = 0, n_empty = -1, n_codes = 0;
    long sums[MAXS] = {0};
    uint64_t st = state;
    PyObject *result = NULL, *list;
    if ((n_lines != 10 && n_lines != 12) || patterns_len != 8 * 8 * 8 * 8 * 8
        || values_len < (Py_ssize_t)(sizeof(double) * 19 * 2 * 2 * KINDS * STAGES)) {
        PyErr_SetString(PyExc_ValueError, "bad line count, pattern table or value table");
        goto done;
    }
    setup_lines(&s, n_lines);
    s.values = (const double *)values;
    s.patterns = (const unsigned char *)patterns;
    if (!build_tables(&s)) {
        PyErr_SetString(PyExc_ValueError, "bad pattern table");
        goto done;
    }
    if (!PySequence_Check(keys_obj) || !PySequence_Check(empties_obj) || !PySequence_Check(codes_obj)) {
        PyErr_SetString(PyExc_TypeError, "keys, empties and codes must be sequences");
        goto done;
    }
    n_starts = (int)PySequence_Size(keys_obj);
    n_codes = (int)PySequence_Size(codes_obj);
    if (n_starts < 1 || n_starts > MAXS || PySequence_Size(empties_obj) != n_starts || n_codes < 0 || n_codes > 52
        || PySequence_Size(unseen_obj) != 4 || PySequence_Size(points_obj) != 11) {
        PyErr_SetString(PyExc_ValueError, "bad sizes");
        goto done;
    }
    for (int i = 0; i < 11; i++) {
        PyObject *item = PySequence_GetItem(points_obj, i);
        s.points[i] = item ? PyLong_AsLong(item) : -1;
        Py_XDECREF(item);
    }
    for (int q = 0; q < 4; q++) {
        PyObject *item = PySequence_GetItem(unseen_obj, q);
        unseen[q] = item ? (int)PyLong_AsLong(item) : -1;
        Py_XDECREF(item);
    }
    for (int i = 0; i < n_codes; i++) {
        PyObject *item = PySequence_GetItem(codes_obj, i);
        codes[i] = item ? PyLong_AsUnsignedLongLong(item) : 0;
        Py_XDECREF(item);
    }
    for (int k = 0; k < n_starts; k++) {
        PyObject *line_keys = PySequence_GetItem(keys_obj, k), *empty = PySequence_GetItem(empties_obj, k);
        char *cells = NULL;
        Py_ssize_t n_cells = 0;
        int ok = line_keys && empty && PySequence_Check(line_keys) && PyBytes_Check(empty)
                 && PyBytes_AsStringAndSize(empty, &cells, &n_cells) == 0 && PySequence_Size(line_keys) == n_lines
                 && (n_empty < 0 || n_cells == n_empty) && n_cells <= n_codes;
        if (ok) {
            n_empty = (int)n_cells;
            memcpy(empties[k], cells, (size_t)n_empty);
            for (int l = 0; l < n_lines; l++) {
                PyObject *item = PySequence_GetItem(line_keys, l);
                keys[k][l] = item ? PyLong_AsUnsignedLongLong(item) : 0;
                Py_XDECREF(item);
            }
            for (int i = 0; i < n_empty; i++)
                ok = ok && empties[k][i] < CELLS;
        }
        Py_XDECREF(line_keys);
        Py_XDECREF(empty);
        if (!ok) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "each start needs its line keys and its empty cells");
            goto done;
        }
    }
    if (PyErr_Occurred())
        goto done;
    Py_BEGIN_ALLOW_THREADS
    for (int c = 0; c < count; c++) {
        memcpy(order, codes, sizeof(uint64_t) * (size_t)n_codes);
        int draws = n_empty < n_codes - 1 ? n_empty : n_codes - 1;
        for (int i = 0; i < draws; i++) {
            int j = i + (int)(splitmix(&st) % (uint64_t)(n_codes - i));
            uint64_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int i = 0; i < n_empty; i++) {
            int r = 0, q = 0;
            while (r < 12 && !((order[i] >> (RANK_BITS * r)) & 7))
                r++;
            while (q < 3 && !((order[i] >> (SUIT_SHIFT + RANK_BITS * q)) & 7))
                q++;
            ranks[i] = (unsigned char)r;
            suits[i] = (unsigned char)q;
        }
        for (int k = 0; k < n_starts; k++)
            sums[k] += play_out(&s, keys[k], empties[k], n_empty, order, ranks, suits, unseen);
    }
    Py_END_ALLOW_THREADS
    list = PyList_New(n_starts);
    if (!list)
        goto done;
    for (int k = 0; k < n_starts; k++)
        if (PyList_SetItem(list, k, PyLong_FromLong(sums[k])) < 0) { /* a NULL item: out of memory */
            Py_DECREF(list);
            goto done;
        }
    result = Py_BuildValue("(NK)", list, (unsigned long long)st);
done:
    return result;
}

static PyMethodDef methods[] = {
    {"sample", py_sample, METH_VARARGS,
     "sample(keys, empties, codes, unseen_suits, n_lines, values, points, patterns, state, count) -> (sums, state)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cplayout", "The poker hint player's compiled play-outs.",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__cplayout(void) { return PyModule_Create(&module); }
