/* idioten.acesup.solver._csearch: the compiled search core (Python's limited API
 * of 3.10 only, setup.py's Py_LIMITED_API: one abi3 build serves every later Python; no other dependency).
 *
 *   solve(piles, stock, gone, aces_only, time_limit, cancel, quick_seconds, quick_positions, table_bytes
 *         [, prunings[, target[, max_positions[, glance_positions]]]])
 *     -> (status, line, win_flags, best_score, states, quick_states, decided_after, seconds, best_exact,
 *         decided_cpu, decided_states)
 *
 * piles: four bytes objects (card indices, bottom to top); stock: bytes; gone: int bit mask of discarded
 * cards; time_limit: seconds or None; cancel: an object with is_set() (a threading.Event) or None.
 * status 0: the first look found a win, line = [(kind, pile, target)] with kinds as search.py's events;
 *        1: the exact search found a win, line = its events (to_steps turns them into actions), win_flags set;
 *        2: no win exists (decided), best_score exact unless the second pass was stopped (then a lower bound);
 *        3: stopped before deciding.
 * best_exact: whether best_score is exact (a win, or an unwinnable deal whose best was measured to the end);
 * decided_cpu: CPU-seconds of the searching threads until the verdict was known (-1 when it never was); decided_states:
 * the positions examined until then (the first look's included).
 * The verdict pass uses the verdict-only prunings (VERDICT_ONLY bits of prunings, prune.c) when the target is
 * a win; an unwinnable deal's best score then comes from a second pass without them.
 * target (default 48, a win): with a lower target the search asks only whether some line discards that many
 * cards (search.py's Search.target): status 0 or 1 when the first look or the exact search finds a line
 * reaching it, 2 when none does (best_score then only a lower bound: no second pass).
 * max_positions (default 0, none): the search stops after examining that many positions in all (first look and
 * both passes), as it does when the time runs out: status 3, or 2 with best_exact 0 if the verdict was in.
 * glance_positions (default 0, none): a glance (solver.first_look): the exact search follows only a first look
 * that ran out of lines (not one stopped by quick_positions), and examines at most this many positions.
 * threads (default 1): threads for the verdict pass (solve.c, the team); 1 is the one-thread search exactly.
 * solo_positions (default 65536): the positions the verdict pass searches alone before the team takes over.
 * best_pass (default True): False skips the best-score pass after a loss (best_exact 0 then unless the
 * verdict pass measured it): for measuring the time to the verdict alone (bench/solver_threads.py).
 * With more, decided_cpu counts the CPU-seconds of all of them, states and max_positions all their positions,
 * and searched(positions) is told the team's total.
 * The GIL is released for the whole search; the cancel object is asked every POLL_EVERY positions (the first
 * time before the first position), with the GIL taken back for the moment. A
 * cancel object with a searched(positions) method is told at each poll how many positions were examined so
 * far (the first look's included): the window shows it while a hard deal is searched. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

/* The cancel callback: take the GIL back for a moment, tell the Python object the positions examined so far
 * (when it asks to know) and ask it whether to stop. */
typedef struct {
    PyObject *cancel;
    PyThreadState *saved;
    const Ctx *ctx;
    int reports; /* the object has searched(positions) */
} CancelPoll;

static int poll_cancel(void *arg) {
    CancelPoll *poll = (CancelPoll *)arg;
    PyEval_RestoreThread(poll->saved);
    if (poll->reports) {
        PyObject *told = PyObject_CallMethod(poll->cancel, "searched", "K",
                                             (unsigned long long)(poll->ctx->states + poll->ctx->quick_nodes +
                                                                  poll->ctx->others));
        if (told)
            Py_DECREF(told);
        else
            PyErr_Clear(); /* a report that fails changes nothing about the search */
    }
    int set = 0;
    PyObject *answer = PyObject_CallMethod(poll->cancel, "is_set", NULL);
    if (answer) {
        set = PyObject_IsTrue(answer) == 1;
        Py_DECREF(answer);
    } else {
        PyErr_Clear();
        set = 1; /* a cancel object that cannot answer stops the search rather than letting it run on */
    }
    poll->saved = PyEval_SaveThread();
    return set;
}

static PyObject *event_list(const Ctx *x, int quick) {
    PyObject *line = PyList_New((Py_ssize_t)x->ev_len);
    if (!line)
        return NULL;
    for (size_t n = 0; n < x->ev_len; n++) {
        const Event *e = &x->ev[n];
        PyObject *item;
        if (quick)
            item = Py_BuildValue("(iii)", e->kind, e->a, e->b);
        else if (e->kind == EV_MOVE)
            item = Py_BuildValue("(iiii)", e->kind, e->a, e->b, e->c);
        else if (e->kind == EV_MARK)
            item = Py_BuildValue("(iii)", e->kind, e->a, e->b);
        else if (e->kind == EV_DEAL)
            item = Py_BuildValue("(i)", e->kind);
        else
            item = Py_BuildValue("(ii)", e->kind, e->a);
        if (!item) {
            Py_DECREF(line);
            return NULL;
        }
        if (PyList_SetItem(line, (Py_ssize_t)n, item) < 0) { /* it took the item, and frees it */
            Py_DECREF(line);
            return NULL;
        }
    }
    return line;
}

static int read_position(Ctx *x, PyObject *piles, PyObject *stock) {
    if (!PyTuple_Check(piles) || PyTuple_Size(piles) != 4) {
        PyErr_SetString(PyExc_ValueError, "piles must be a tuple of four bytes objects");
        return -1;
    }
    if (ctx_reserve_depth(x, 0) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    char *cards;
    Py_ssize_t count;
    for (int i = 0; i < 4; i++) {
        PyObject *pile = PyTuple_GetItem(piles, i);
        if (!PyBytes_Check(pile) || PyBytes_AsStringAndSize(pile, &cards, &count) < 0 || count > NCARDS) {
            PyErr_SetString(PyExc_ValueError, "a pile must be bytes of at most 52 cards");
            return -1;
        }
        x->pos[0].n[i] = (uint8_t)count;
        memcpy(x->pos[0].c[i], cards, (size_t)count);
    }
    if (!PyBytes_Check(stock) || PyBytes_AsStringAndSize(stock, &cards, &count) < 0 || count > 48 || count % 4) {
        PyErr_SetString(PyExc_ValueError, "the stock must be bytes, a multiple of four cards, at most 48");
        return -1;
    }
    x->stock_len = (int)count;
    memcpy(x->stock, cards, (size_t)count);
    for (int i = 0; i < 4; i++)
        for (int d = 0; d < x->pos[0].n[i]; d++)
            if (x->pos[0].c[i][d] >= NCARDS)
                goto bad_card;
    for (int s = 0; s < x->stock_len; s++)
        if (x->stock[s] >= NCARDS)
            goto bad_card;
    return 0;
bad_card:
    PyErr_SetString(PyExc_ValueError, "a card index must be 0..51");
    return -1;
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *piles, *stock, *cancel, *limit_obj;
    unsigned long long gone;
    int aces_only;
    double quick_seconds;
    unsigned long long quick_positions;
    Py_ssize_t table_bytes;
    unsigned int prunings = PRUNE_SAFE_REMOVAL | PRUNE_SAME_COLUMN | PRUNE_DEAD_ROUNDS | PRUNE_LOCK;
    int target = WIN_SCORE;
    unsigned long long max_positions = 0, glance_positions = 0;
    int threads = 1;
    unsigned long long solo_positions = 65536;
    int best_pass = 1;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOKpOOdKn|IiKKiKp", &piles, &stock, &gone, &aces_only, &limit_obj, &cancel,
                          &quick_seconds, &quick_positions, &table_bytes, &prunings, &target, &max_positions,
                          &glance_positions, &threads, &solo_positions, &best_pass))
        return NULL;
    if (threads < 1) {
        PyErr_SetString(PyExc_ValueError, "threads must be 1 or more");
        return NULL;
    }
    if (target < 0 || target > WIN_SCORE) {
        PyErr_SetString(PyExc_ValueError, "target must be a score from 0 to 48");
        return NULL;
    }
    Ctx x;
    memset(&x, 0, sizeof x);
    x.aces_only = aces_only;
    x.target = target;
    x.prunings = prunings;
    x.max_positions = max_positions;
    x.best_score = popcount64((u64)gone);
    if (read_position(&x, piles, stock) < 0) {
        ctx_free(&x);
        return NULL;
    }
    prune_init(&x);
    double started = now_seconds();
    double limit = -1;
    if (limit_obj != Py_None) {
        limit = PyFloat_AsDouble(limit_obj);
        if (limit == -1 && PyErr_Occurred()) {
            ctx_free(&x);
            return NULL;
        }
    }
    if (table_alloc(&x, (size_t)(table_bytes > 4096 ? table_bytes : 4096)) < 0) {
        ctx_free(&x);
        return PyErr_NoMemory();
    }
    CancelPoll poll = {cancel, NULL, &x, cancel != Py_None && PyObject_HasAttrString(cancel, "searched")};
    if (cancel != Py_None) {
        x.cancelled = poll_cancel;
        x.cancel_arg = &poll;
    }
    SolveArgs how = {(u64)gone, aces_only, target, prunings, started, limit, quick_seconds, quick_positions,
                     glance_positions, threads, solo_positions ? solo_positions : 1, best_pass};
    SolveOut out;
    poll.saved = PyEval_SaveThread();
    solve_run(&x, &how, &out);
    PyEval_RestoreThread(poll.saved);

    if (x.failed) {
        ctx_free(&x);
        return PyErr_NoMemory();
    }
    PyObject *line = Py_None;
    Py_INCREF(Py_None);
    if (out.status <= 1) {
        Py_DECREF(Py_None);
        line = event_list(&x, out.status == 0);
        if (!line) {
            ctx_free(&x);
            return NULL;
        }
    }
    PyObject *result = Py_BuildValue("(iNKiKKddidK)", out.status, line, (unsigned long long)x.win_flags,
                                     x.best_score, (unsigned long long)x.states, (unsigned long long)x.quick_nodes,
                                     out.decided_after, out.seconds, out.best_exact, out.decided_cpu,
                                     (unsigned long long)out.decided_states);
    ctx_free(&x);
    return result;
}


/* A context for a search to a win from a position (always_discard, solve_strict): the position read and a table
 * of table_bytes (4096 at least). -1 with the Python error set, and nothing left allocated, if either fails. */
static int open_win_search(Ctx *x, PyObject *piles, PyObject *stock, int aces_only, Py_ssize_t table_bytes) {
    memset(x, 0, sizeof *x);
    x->aces_only = aces_only;
    x->target = WIN_SCORE;
    if (read_position(x, piles, stock) < 0 || table_alloc(x, (size_t)(table_bytes > 4096 ? table_bytes : 4096)) < 0) {
        ctx_free(x);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return -1;
    }
    return 0;
}
/* always_discard(piles, stock, aces_only, time_limit, table_bytes) -> (True/False, or None if out of time;
 * positions): whether a player who discards every card as soon as it may go can win, searched to the end
 * (the first look without its position cap). A winnable deal for which this is False is a trap. */
static PyObject *py_always_discard(PyObject *self, PyObject *args) {
    PyObject *piles, *stock;
    int aces_only;
    double limit;
    Py_ssize_t table_bytes;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOpdn", &piles, &stock, &aces_only, &limit, &table_bytes))
        return NULL;
    Ctx x;
    if (open_win_search(&x, piles, stock, aces_only, table_bytes) < 0)
        return NULL;
    x.domain = 0xA1D15CA7ULL;
    x.quick_limit = ~(u64)0;
    x.deadline = now_seconds() + limit;
    int found = 0;
    Py_BEGIN_ALLOW_THREADS
    if (x.pos[0].n[0] + x.pos[0].n[1] + x.pos[0].n[2] + x.pos[0].n[3] + x.stock_len >= 4)
        found = quick_run(&x, 0, 0);
    Py_END_ALLOW_THREADS
    int failed = x.failed;
    unsigned long long nodes = (unsigned long long)x.quick_nodes;
    ctx_free(&x);
    if (failed)
        return PyErr_NoMemory();
    if (found < 0)
        return Py_BuildValue("(OK)", Py_None, nodes);
    return Py_BuildValue("(OK)", found ? Py_True : Py_False, nodes);
}

/* solve_strict(piles, stock, aces_only, time_limit, cancel, table_bytes) -> (status, line, best_score, states):
 * the search under the strict reading (strict.c). status 1: a win, line = [(kind, pile, target)] with kinds as
 * search.py's events; 2: no strict line wins, best_score exact; 3: stopped (time_limit seconds or None, cancel
 * as for solve), best_score the best found so far. */
static PyObject *py_solve_strict(PyObject *self, PyObject *args) {
    PyObject *piles, *stock, *cancel, *limit_obj;
    int aces_only;
    Py_ssize_t table_bytes;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOpOOn", &piles, &stock, &aces_only, &limit_obj, &cancel, &table_bytes))
        return NULL;
    double limit = -1;
    if (limit_obj != Py_None && (limit = PyFloat_AsDouble(limit_obj)) == -1 && PyErr_Occurred())
        return NULL;
    Ctx x;
    if (open_win_search(&x, piles, stock, aces_only, table_bytes) < 0)
        return NULL;
    x.best_score = NCARDS - (x.pos[0].n[0] + x.pos[0].n[1] + x.pos[0].n[2] + x.pos[0].n[3]) - x.stock_len;
    x.domain = 0x5791C7ULL;
    CancelPoll poll = {cancel, NULL, NULL, 0};
    if (cancel != Py_None) {
        x.cancelled = poll_cancel;
        x.cancel_arg = &poll;
    }
    poll.saved = PyEval_SaveThread();
    if (limit >= 0)
        x.deadline = now_seconds() + limit;
    int found = strict_run(&x, 0, 0);
    PyEval_RestoreThread(poll.saved);
    if (x.failed) {
        ctx_free(&x);
        return PyErr_NoMemory();
    }
    PyObject *line = found == 1 ? event_list(&x, 1) : (Py_INCREF(Py_None), Py_None);
    if (!line) {
        ctx_free(&x);
        return NULL;
    }
    int status = found == 1 ? 1 : found == 0 ? 2 : 3;
    PyObject *result = Py_BuildValue("(iNiK)", status, line, x.best_score, (unsigned long long)x.states);
    ctx_free(&x);
    return result;
}

/* prune_probe(piles, stock, dealt, gone, flags, aces_only, prunings) -> (removable, locked): what prune.c decides
 * for one position, for the tests against prune.py (tests/test_solver_prune.py). piles: the table after `dealt`
 * cards of `stock` (the whole stock of the deal) were dealt; removable: a bit mask of the non-ace table cards
 * removable() accepts (with the free tops of these piles); locked: locked_lost(). No search runs. */
static PyObject *py_prune_probe(PyObject *self, PyObject *args) {
    PyObject *piles, *stock;
    int dealt, aces_only;
    unsigned long long gone, flags;
    unsigned int prunings;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOiKKpI", &piles, &stock, &dealt, &gone, &flags, &aces_only, &prunings))
        return NULL;
    Ctx x;
    memset(&x, 0, sizeof x);
    x.aces_only = aces_only;
    x.prunings = prunings;
    if (read_position(&x, piles, stock) < 0) {
        ctx_free(&x);
        return NULL;
    }
    if (dealt < 0 || dealt > x.stock_len || dealt % 4) {
        ctx_free(&x);
        PyErr_SetString(PyExc_ValueError, "dealt must be a multiple of four, at most the stock's length");
        return NULL;
    }
    prune_init(&x);
    const Pos *p = &x.pos[0];
    u64 tops = 0, table = 0;
    for (int i = 0; i < 4; i++)
        for (int d = 0; d < p->n[i]; d++) {
            table |= BIT(p->c[i][d]);
            if (d == p->n[i] - 1)
                tops |= BIT(p->c[i][d]);
        }
    u64 removable_cards = 0;
    for (int card = 0; card < NCARDS; card++)
        if ((table & BIT(card)) && card % 13 != ACE_RANK &&
            removable(&x, card, dealt, (u64)gone, (u64)flags, tops & ~(u64)flags))
            removable_cards |= BIT(card);
    int locked = locked_lost(&x, p, dealt, (u64)gone, (u64)flags);
    ctx_free(&x);
    return Py_BuildValue("(Ki)", (unsigned long long)removable_cards, locked);
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Solve a compact position (see the module notes in module.c)."},
    {"always_discard", py_always_discard, METH_VARARGS, "Whether always discarding at once wins (module.c)."},
    {"solve_strict", py_solve_strict, METH_VARARGS, "Solve under the strict reading (module.c, strict.c)."},
    {"prune_probe", py_prune_probe, METH_VARARGS, "What prune.c decides for one position (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_csearch",
                                    "The compiled search core of idioten.acesup.solver.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__csearch(void) {
    core_init();
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "POLL_POSITIONS", POLL_EVERY) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
