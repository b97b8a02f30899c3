/* Weighted evaluations of a turn's end (evaluation.c), by which a rollout may rank the ends of its turns
 * instead of core.turn_key. */
#ifndef IDIOTEN_HINT_EVALUATION_H
#define IDIOTEN_HINT_EVALUATION_H

#include "position.h"

#define NFEAT 6          /* weighted_key's features */
#define LEARNED_FEATURES 8 /* core.FEATURES */
#define LEARNED_STAGES 3   /* core.STAGES */

int weighted_key(const Pos *p, int gained, const int *w);
int learned_key(const Pos *p, const int *learned, int unseen);

#endif
