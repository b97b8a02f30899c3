/* The hint's compact position, shared by rollout.c and evaluation.c: card codes suit * 16 + rank (rank 2..14,
 * as hint/core.py has them), four piles bottom to top. */
#ifndef IDIOTEN_HINT_POSITION_H
#define IDIOTEN_HINT_POSITION_H

#include <stdint.h>

#define NP 4
#define MAXC 52
#define RANK(c) ((c) & 15)
#define SUIT(c) ((c) >> 4)
#define ACE 14

typedef struct {
    uint8_t n[NP];
    uint8_t c[NP][MAXC];
} Pos;

#endif
