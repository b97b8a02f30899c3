/* The runtime the searches share (runtime.c): the card tables, the clocks, stopping, the path buffers, the
 * event line and the cut list. Kept apart from core.h (the types) so that nothing the runtime defines is
 * taken by the header it is built on. */
#ifndef IDIOTEN_RUNTIME_H
#define IDIOTEN_RUNTIME_H

#include "core.h"

/* Per card, the bits of the higher and of the lower cards of its suit. */
extern const u64 HIGHER[NCARDS];
extern const u64 LOWER[NCARDS];

double now_seconds(void);
double thread_cpu_seconds(void); /* CPU time of the calling thread */
void plan_next_check(Ctx *x);
int stop_check(Ctx *x);

/* Called before each position is examined, which it then counts: whether the search must stop. */
static inline int stopping(Ctx *x) {
    if (x->stop || (x->positions >= x->next_check && stop_check(x)))
        return 1;
    x->positions++;
    return 0;
}

int ctx_reserve_depth(Ctx *x, size_t depth);
int ctx_push(Ctx *x, int kind, int a, int b, int c);
void cut_record(Ctx *x, const Pos *p, int k, u64 gone, u64 flags);

#endif
