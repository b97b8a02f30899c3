/* Proved prunings beyond the settle loop of search.py, with their proofs. solver/prune.py is their Python
 * specification: the same decisions (tests/test_solver_prune.py asks both, through _csearch.prune_probe), and
 * search.py applies them where search.c does. Each keeps the verdict AND the best score, except the lock
 * (verdict only, below), so the two cores still give the same answers (the tests check both against the brute
 * force).
 *
 * What a search position stands for. A position S of the search is real piles R plus a set F of flagged
 * cards (search.py). A flagged card may be dropped at any later moment as if it had been discarded when it
 * was last flagged; using it as the higher card of a discard clears its flag. By the removal lemma of
 * search.py, a flagged card that is never again used as a higher card may as well be taken away at once, and
 * a card used as one is simply a real card. So
 *     value(S) = max over D subset of F of value(R - D),                                                 (*)
 * where R - D is the real position with the cards of D discarded, and value is the best score of real play
 * (48 for a win). Every rule below is proved for each R - D and then holds for S by (*).
 *
 * Notation. Round w (w = 1, 2, ...) is the group of four stock cards the w-th deal from now puts down: right
 * after that deal they are exactly the four top cards. A "free top" is an unflagged top card. For a card y
 * still in play, w_y = 1 if y is on the table and the round that deals it if it is in the stock.
 *
 * Lemma W (cards no lower card of their suit can need; proved here in short). Let P be a real position and C a
 * set of non-ace table cards such that for every card y in play, y not in C, lower than some c in C of its
 * suit: (i) if y is on the table, some top of P not in C, of y's suit, is higher than y; and (ii) every round
 * w >= w_y holds a card of y's suit higher than y. Then value(P - C) >= value(P).
 * Proof. Replay any line L from P in P - C, leaving out every action on a C card; the piles of the replay
 * are those of L less the C cards, so every top of L outside C is a top of the replay and every empty pile
 * of L is empty in it. Every action of L that does not involve a C card stays legal. The only gap is a
 * discard of some y (not in C) whose higher card is a C card. Take the highest top M outside C of y's suit.
 * Between two deals M never drops: a top leaves only by a discard, which needs a higher card of its suit
 * (outside C there is none higher than M; a C card doing it is a gap we are examining, so take the first
 * gap), or it is covered, which needs a deal; a moved card is still a top. At the first gap, in window w (the
 * play after the w-th deal, window 0 before the first), y is a top, so w >= w_y; at the start of the window
 * M was higher than y: by (i) in window 0, by (ii) for w >= 1 since then the tops are exactly round w. So M
 * is still higher than y, and it is on another pile (y is its own pile's top): M does the discard instead.
 * The replay discards every card L discards, and the C cards too, so its score is at least L's. QED.
 *
 * Rule 4F (safe removal, with flags). Let x be a non-ace table card that is either flagged (anywhere in its
 * pile), or an unflagged top with a higher free top of its suit on another pile. Suppose every UNFLAGGED
 * card y in play of x's suit, lower than x, satisfies (i') if y is on the table, some free top h != x of the
 * suit is higher than y, and (ii) every round w >= w_y holds a card of the suit higher than y. Then
 * value(S) = value(S - x): x may be dropped (flagged) or discarded (free top) at once.
 * Proof. ">=": dropping a flagged card, or a legal discard, is a move of the search. "<=": by (*) take any
 * D subset of F with x not in D (if x is in D, R - D is already a position of S - x). Apply Lemma W to
 * P = R - D with C = {x} plus the flagged cards of x's suit below x that are not in D. The cards y to check
 * are those in play in P, of x's suit, below x and not in C: exactly the unflagged ones, which meet (ii), and
 * meet (i) through h: h is a free top of R, so not in D, not in C (C holds x and flagged cards), and still a
 * top of R - D (taking cards away only uncovers). So value(R - D - C) >= value(R - D), and R - D - C is
 * R' - D' for R' the piles of S - x and D' = D plus those flagged cards, a subset of the flags of S - x. QED.
 * Consequences worth knowing: once the stock is empty, (ii) says nothing, so a card goes as soon as a free
 * top of its suit beats every unflagged lower card still in play; and a card whose lower cards are all gone
 * or flagged (search.py's "useless" card) is the case with nothing to check.
 * Aces-only addendum (Rule 4F-A). In aces-only a non-ace never changes pile: only an ace may move, and a stock
 * card lands on its column's pile (stock index mod 4). Two cards of one pile are never tops of two different
 * piles, so a C card in y's column can never be the higher card that discards y. In Lemma W only discards of
 * y by C cards need a substitute, so a y whose higher C cards all lie in its column needs no condition. In
 * Rule 4F the C cards above y are x and the flagged cards of the suit between y and x (those not in D; all of
 * them, to cover every D): when all of those lie in y's column, y is exempt from (i') and (ii).
 * A flagged card removed while buried is still discarded, in the real line, at the moment it was last
 * flagged (search.py's to_steps): it has not been the higher card of a discard since.
 *
 * Dead rounds (PRUNE_DEAD_ROUNDS, on top of 4F): condition (ii) is asked only of rounds that are not dead.
 * Call round w dead when its four cards are of four different suits. Claim: in the window that follows the
 * deal of a dead round nothing but the next deal can happen. Right after any deal each pile holds at least
 * the card just put on it, so there is no empty pile and no move; the tops are exactly the round's four
 * cards, and a discard needs two tops of one suit, which a dead round does not have. With no discard and no
 * move the tops stay as they are, so the window ends with the next deal (or the game ends there). Now look
 * at the proof of Lemma W: the first discard without a substitute happens inside some window w, at a time
 * when that discard is legal, so window w is not dead; (ii) is used only for that w. So Lemma W, and with
 * it Rule 4F, still holds when (ii) skips the dead rounds. round_floor[][] is built that way when the rule
 * is on (prune_init), and removable() then needs no change. */
#include "runtime.h"

/* Round a (counted from the first card of the stock) is dead: four cards of four different suits. */
static int dead_round(const Ctx *x, int a) {
    unsigned suits = 0;
    for (int j = 0; j < 4; j++)
        suits |= 1u << (x->stock[4 * a + j] / 13);
    return suits == 15u;
}

void prune_init(Ctx *x) {
    int rounds = x->stock_len / 4;
    int skip_dead = (x->prunings & PRUNE_DEAD_ROUNDS) != 0;
    for (int s = 0; s < 4; s++) {
        int floor = 13;
        x->round_floor[s][12] = 13;
        for (int a = 11; a >= 0; a--) {
            if (a < rounds && !(skip_dead && dead_round(x, a))) {
                int best = -1;
                for (int j = 0; j < 4; j++) {
                    int card = x->stock[4 * a + j];
                    if (card / 13 == s && card % 13 > best)
                        best = card % 13;
                }
                if (best < floor)
                    floor = best;
            }
            x->round_floor[s][a] = (int8_t)floor;
        }
    }
    for (int a = 12; a >= 0; a--)
        for (int j = 0; j < 4; j++) {
            int at = 4 * a + j;
            x->stock_cols[a][j] = (a < 12 ? x->stock_cols[a + 1][j] : 0) | (at < x->stock_len ? BIT(x->stock[at]) : 0);
        }
    for (int c = 0; c < NCARDS; c++)
        x->stock_at[c] = x->home[c] = -1;
    for (int i = 0; i < x->stock_len; i++) {
        x->stock_at[x->stock[i]] = (int8_t)i;
        x->home[x->stock[i]] = (int8_t)(i % 4); /* the deals always put stock[i] on pile i mod 4 */
    }
    for (int i = 0; i < 4; i++)
        for (int d = 0; d < x->pos[0].n[i]; d++)
            x->home[x->pos[0].c[i][d]] = (int8_t)i;
}

/* Rule 4F-A: every card of C above y (x, and the flagged cards of the suit between them) is in y's column. */
static int same_column_exempt(const Ctx *x, int card, int y, u64 flags) {
    int column = x->home[y];
    if (column < 0 || x->home[card] != column)
        return 0;
    u64 between = flags & HIGHER[y] & LOWER[card];
    while (between) {
        int c = highest_bit(between);
        between &= ~BIT(c);
        if (x->home[c] != column)
            return 0;
    }
    return 1;
}

int removable(const Ctx *x, int card, int k, u64 gone, u64 flags, u64 free_tops) {
    int suit = card / 13;
    u64 lower = LOWER[card] & ~gone & ~flags;
    if (!lower)
        return 1;
    u64 suit_cards = ((BIT(13) - 1) << (13 * suit)) & free_tops & ~BIT(card);
    int best_free = suit_cards ? highest_bit(suit_cards) : -1;
    int next_round = k / 4;
    while (lower) {
        int y = highest_bit(lower);
        lower &= ~BIT(y);
        int at = x->stock_at[y];
        int met = at < k /* on the table (it was never in the stock, or has been dealt) */
                      ? best_free > y && x->round_floor[suit][next_round] > y % 13
                      : x->round_floor[suit][at / 4] > y % 13;
        if (!met && !(x->aces_only && (x->prunings & PRUNE_SAME_COLUMN) && same_column_exempt(x, card, y, flags)))
            return 0;
    }
    return 1;
}

/* ---- Verdict-only prunings: they cut positions that cannot be WON, and say nothing about the best score.
 * They run only in the verdict pass (x->verdict, a target of a win); an unwinnable deal's best score is then
 * measured by a second pass without them (solve.c). ----
 *
 * Lemma L (the move-free lock; a stronger form of the plain rigid lock, Lemma R, which asks every pile
 * for an ace or a card with no higher card of its suit in another column). The "column" of a card in
 * play is its pile for a table card, and (stock index mod 4) for a stock card: the pile the deals put it on.
 * Let R be a real position with no empty pile. Build, by a fixpoint, the set PERM of table cards and the set
 * BURIED of table cards lying under a PERM card of their pile: the table's aces are PERM; a non-ace card x
 * in play (table or stock) is STUCK when every card of x's suit above x still in play is in x's column or in
 * BURIED, and a STUCK table card is PERM. Suppose every pile holds a PERM card. Then R cannot be won, if some
 * non-ace card is STUCK or lies in BURIED.
 * Proof. Take any line from R, and let t be the first time a pile is empty (t = never if none is). Before t
 * no move is possible (a move needs an empty pile), so every card stays in its column: table cards stay on
 * their pile, stock cards are dealt onto theirs. Claim: no PERM card leaves before t. Aces are never
 * discarded and cannot move. Let s be the first time a PERM card leaves before t: a STUCK x is discarded,
 * so at s x is a top and a higher card h of its suit is the top of another pile. h is in play, so it is in
 * x's column (then it is in x's pile now, not on another one) or in BURIED (then it lies under a PERM card
 * that is still there, since s is the first departure, so it is not a top). Either way h is not a top of
 * another pile: contradiction. Since each pile holds a PERM card that stays until t, no pile is empty at t:
 * so t never comes, no move is ever made, and the claim holds for the whole line. A STUCK stock card is the
 * same (it lands in its column and no higher card of its suit ever tops another pile while it is a top). A
 * BURIED card lies under a PERM card for ever, so it is never a top and never discarded. Either kind of
 * non-ace is never discarded, and the line is not a win. QED.
 * With flags. A search position S (piles R, flags F) stands for the real positions R - D, D a subset of F
 * (prune.c's top note). The rule is applied with only UNFLAGGED cards as STUCK and as witnesses, with
 * every card of R in play counted as a possible higher card. Then it holds for each R - D: aces and the
 * unflagged STUCK cards are all in R - D (D holds flagged cards only) and still under them lie the same
 * BURIED cards that are in R - D; R - D has fewer cards in play, so each STUCK card stays STUCK; no pile is
 * empty; and an unflagged witness is in R - D. So no R - D is winnable, and S is not. */
int locked_lost(const Ctx *x, const Pos *p, int k, u64 gone, u64 flags) {
    const u64 aces = BIT(12) | BIT(25) | BIT(38) | BIT(51);
    if (!(p->n[0] && p->n[1] && p->n[2] && p->n[3]))
        return 0;
    const u64 *sc = x->stock_cols[k / 4];
    u64 stock_any = sc[0] | sc[1] | sc[2] | sc[3];
    u64 col[4], pile_of[4], buried = 0, maybe = 0, could_bury = 0;
    unsigned ace_piles = 0;
    for (int i = 0; i < 4; i++) {
        /* A table card may be STUCK only if no higher card of its suit lies in the stock outside its column
         * (stock cards are never BURIED): those are the only ones the fixpoint below looks at. */
        u64 outside = stock_any & ~sc[i];
        u64 pile = 0;
        for (int d = 0; d < p->n[i]; d++) {
            int card = p->c[i][d];
            if (card % 13 == ACE_RANK) {
                buried |= pile; /* everything under an ace so far */
                could_bury |= pile;
                ace_piles |= 1u << i;
            } else if (!(HIGHER[card] & outside) && !(flags & BIT(card))) {
                maybe |= BIT(card);
                could_bury |= pile;
            }
            pile |= BIT(card);
        }
        pile_of[i] = pile;
        col[i] = pile | sc[i];
    }
    u64 alive = (BIT(52) - 1) & ~gone;
    /* Cheap test first: BURIED can never grow past could_bury, so a pile without an ace needs a card that
     * would be STUCK even then. */
    for (int i = 0; i < 4; i++) {
        if (ace_piles & (1u << i))
            continue;
        u64 cands = maybe & pile_of[i];
        int found = 0;
        while (cands && !found) {
            int card = highest_bit(cands);
            cands &= ~BIT(card);
            found = !(HIGHER[card] & alive & ~col[i] & ~could_bury);
        }
        if (!found)
            return 0;
    }
    u64 stuck = 0;
    unsigned perm_piles = ace_piles;
    int changed = 1;
    while (changed) { /* the STUCK table cards, pile by pile, until BURIED stops growing */
        changed = 0;
        for (int i = 0; i < 4; i++) {
            if (!(maybe & pile_of[i] & ~stuck))
                continue;
            u64 under = 0;
            for (int d = 0; d < p->n[i]; d++) {
                int card = p->c[i][d];
                u64 bit = BIT(card);
                if ((maybe & bit) && !(stuck & bit) && !(HIGHER[card] & alive & ~col[i] & ~buried)) {
                    stuck |= bit;
                    perm_piles |= 1u << i;
                    if (under & ~buried) {
                        buried |= under;
                        changed = 1;
                    }
                }
                under |= bit;
            }
        }
    }
    if (perm_piles != 15u)
        return 0;
    u64 witness = stuck | (buried & ~flags & ~aces);
    if (witness)
        return 1;
    /* A STUCK stock card is a witness too. */
    u64 todo = stock_any & ~aces;
    while (todo) {
        int card = highest_bit(todo);
        todo &= ~BIT(card);
        int c = 0;
        while (!(sc[c] & BIT(card)))
            c++;
        if (!(HIGHER[card] & alive & ~col[c] & ~buried))
            return 1;
    }
    return 0;
}

