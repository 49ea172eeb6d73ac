/*
 * starbattle_fill.c: the second half of Star Battle generation
 * (starbattle_gen.c makes the layout S and the first regions): the
 * regions are made unique.
 *
 * Prune.  One solver on the puzzle with S excluded; while it finds another
 * solution T, a cell where T has a star and S none leaves its region and
 * becomes a hole (a cell in no region, which holds no star), with what it
 * cuts off from its region's stars; the solver learns the hole as an
 * empty cell, which is exact (the puzzle with more holes has only the
 * solutions of the one before with those cells empty).  The puzzle with
 * its holes is then unique.  When no cell of T can leave without cutting
 * its region's stars apart, one leaves all the same and the pieces are
 * joined again around it (detour), and a new solver starts.
 *
 * Fill.  The holes join regions, a batch of nearby holes at a time, by a
 * search guided by counterexamples: a small formula (the master) has a
 * literal y(h, b) per hole h and region b it may join; exactly one per
 * hole, and y(h, b) only when h touches b's cells or a hole on the way to
 * them that joins b too (so regions stay connected).  A model of the
 * master is put into the regions and the puzzle asked for other solutions
 * than S (the holes outside the batch stay empty, which keeps the rest
 * unique), on one incremental solver per master (fill_checker: each hole
 * of the batch has an extra literal per region it may join, and a model's
 * choice is assumptions; 30x30 with 6 stars: 1.3 ms a question, where a
 * fresh solver on the filled puzzle took 20 ms, and seed 5 made its
 * first puzzle in 62 s where 300 s made none before); each one found, T,
 * is valid exactly when the holes holding
 * stars of T join regions that bring every region's count of T to m, and
 * those choices (a few, found by enumeration) are forbidden in the
 * master.  When the master has no model, the batch widens: cells near it
 * where the last solutions have stars, or cells next to it, become holes
 * of the batch, and the master is built again from all the solutions kept
 * so far.  A batch that fills with no other solution stays.  A batch that
 * can widen no more ends the attempt (starbattle_gen.c starts a fresh
 * one: tried, joining such a hole to a region all the same and pruning
 * the solutions that lets in wandered for long on 20x20 with 4 stars).
 *
 * Why fills get stuck: a hole h joining a region b alone (the other holes
 * empty) either keeps the puzzle unique or lets in a solution with a star
 * on h; such an option is dead for good, since joining other holes only
 * adds solutions.  On 25x25 with 5 stars about half the holes the prune
 * leaves are dead in every region next to them, so only widening (taking
 * more cells out, which removes solutions) can make them fillable, which
 * seldom ends well: an attempt now counts its dead holes first
 * (sb_dead_holes) and starts afresh when there are more than a few
 * (starbattle_gen.c; 25x25 with 5 stars: 7 of 10 seeds made within 40 s
 * instead of 3, 20x20 with 4 stars 1.6 times faster).  Also
 * measured there and dropped: one incremental solver for every region map
 * of an attempt (regions as assumptions: a third of the solver calls but
 * each one slower, median 87 s against 40 s on five seeds), moving a
 * cell of the other solution into a neighbouring region where no solution
 * puts a star on it instead of making it a hole (few such moves exist),
 * growing the regions from their cores one safe cell at a time (30 to 50
 * cells stay dead), a local search of cell moves (did not converge), and
 * a prune that prefers cells next to another region, which the fill could
 * join without letting the solution back in (25x25 with 5 stars: no
 * better on eight seeds; 20x20 with 4 stars: 2.8 times slower), and,
 * when a batch can be neither filled nor widened, joining one of its holes
 * to a region all the same and taking the solution that lets in as the new
 * layout, the old one pruned (3 of 10 seeds made in 40 s before, 2 after,
 * with longer attempts).  At 30x30 with 6 stars: a prune that takes 8
 * other solutions at a time and the cell where most of them have a star
 * (the same 61 holes an attempt on average, 8 times the solver calls: the
 * other solutions seldom share a cell), and growing regions away from
 * cells that let two stars swap corners of a rectangle (66 holes against
 * 55).  Also instead of prune and fill: a second solver choosing every
 * cell's region (its own or a near one) against the other solutions found
 * so far, which did not converge at 20x20 with 4 stars (the solutions it
 * meets differ from S in half their stars; benchmarks/RESULTS.md), and
 * making the grid unique a band of rows at a time with the rows below held
 * to S (each band lets in solutions reaching back through the bands done,
 * so the holes a band needs grow with the rows done; benchmarks/RESULTS.md).
 * At the dense wall (40x40 with 8 stars) the prune needs 66 to 384 holes
 * where n is its limit, whether 1, 3 or 40 regions grow or regions keep
 * off their stars' sides; a solver leaning toward S (its decisions) finds
 * other solutions near it (2 to 10 stars apart instead of about 100) but
 * the prune needs as many holes, and regions grown so that no two stars
 * can swap corners of a rectangle leave the longer cycles (65 to 180
 * holes).  A second solver choosing every cell's region (its own or one
 * within two steps, kept whole by distances that fall toward a star of
 * the region) against the solutions found so far, each forbidden exactly
 * by the region counts it needs, with the checker leaning toward S: from
 * the grown regions it made 20x20 with 4 stars in 0.06 s but lost its way
 * at 26x26 with 4 and 30x30 with 6 (the solutions grew to 80 to 180
 * stars from S); on the prune's holes instead of the fill, 30x30 with 6
 * stars made 2 of seeds 1 to 4 within 90 s, as the fill did (other
 * seeds).  Regions grown along their lines (rows or columns they already
 * span) need as many holes (26x26 with 4 stars: median 111 against 105).
 * Annealing the region map one cell at a time on the count of cells every
 * solution agrees on with S (cspuz's way; on one incremental solver, the
 * solutions met so far checked first, moves near the cells that differ)
 * made 26x26 with 4 stars in 98 s for seed 1 (the build: 259 s) but
 * nothing in 300 to 400 s for seeds 2 and 9; where it stalls, the prune
 * needs 3 to 9 holes instead of 50 to 200, but 3 or 4 are dead
 * (benchmarks/RESULTS.md).  Layouts in which every cell touches a star
 * need as many holes at 40x40 with 8 stars (random ones are nearly so
 * there) and do not exist at 26x26 with 4.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

/* Takes cells out of every region so that solution t (not S) is no longer
   one: a cell where t has a star and S none, with the pieces of its region
   that this cuts off from the region's stars of S (sb_moving_set).  Of
   those cells, one taken out the fewest times so far, then cutting off the
   fewest cells.  Returns how many cells left their
   region, into out; 0 when none can (a cell's region would fall apart). */
static int prune(sb_gen *g, const gc_grid *t, int *out) {
  int nn = g->nn, best_k = 0, best_c = -1;
  long best_score = LONG_MAX;
  int *set = g->cells;
  for (int c = 0; c < nn; c++) {
    if (!t->cell[c] || g->star[c])
      continue;
    set[0] = c;
    int k = sb_moving_set(g, g->region[c], set, 1);
    if (!k)
      continue;
    long score = (long)g->pruned[c] * 10000L + k;
    if (score < best_score ||
        (score == best_score && gc_rng_below(g->rng, 2))) {
      best_score = score, best_c = c, best_k = k;
      memcpy(out, set, (size_t)k * sizeof *out);
    }
  }
  if (best_c < 0)
    return 0;
  g->pruned[best_c]++;
  for (int i = 0; i < best_k; i++)
    g->region[out[i]] = -1;
  g->gx->perturbs++;
  return best_k;
}

/* When no cell where t has a star can leave its region without cutting
   the region's stars of S apart: one of them leaves all the same, and the
   pieces of its region are joined again by a shortest way around it
   through holes and cells that other regions can give up (not one of
   their joints).  1 done (the regions changed: ask again); 0 none found;
   -1 out of memory. */
static int detour(sb_gen *g, const gc_grid *t) {
  int n = g->n, nn = g->nn, rc = 0;
  int *cand = malloc((size_t)nn * 5 * sizeof *cand);
  if (!cand)
    return -1;
  int *piece = cand + nn, *from = cand + 2 * nn, *q = cand + 3 * nn,
      *set = cand + 4 * nn, nc = 0;
  for (int c = 0; c < nn; c++)
    if (t->cell[c] && !g->star[c] && g->region[c] >= 0)
      cand[nc++] = c;
  gc_rng_shuffle(g->rng, cand, (size_t)nc);
  for (int i = 0; i < nc && !rc; i++) {
    int c = cand[i], a = g->region[c];
    g->region[c] = -1;
    /* the pieces of a without c; the one holding the first star is kept */
    int np = 0, main = -1;
    for (int x = 0; x < nn; x++)
      piece[x] = -1;
    for (int x0 = 0; x0 < nn; x0++) {
      if (g->region[x0] != a || piece[x0] >= 0)
        continue;
      int head = 0, tail = 0, stars = 0;
      q[tail++] = x0;
      piece[x0] = np;
      while (head < tail) {
        int x = q[head++];
        stars += g->star[x];
        for (int d = 0; d < 4; d++) {
          int r2 = x / n + dr[d], c2 = x % n + dc[d], y = r2 * n + c2;
          if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && g->region[y] == a &&
              piece[y] < 0) {
            piece[y] = np;
            q[tail++] = y;
          }
        }
      }
      if (stars && main < 0)
        main = np;
      else if (!stars)
        for (int x = 0; x < nn; x++) /* no star of S: a hole */
          if (piece[x] == np)
            g->region[x] = -1, piece[x] = -2;
      np++;
    }
    int ok = 1, changed = 0;
    for (int p = 0; p < np && ok; p++) {
      if (p == main)
        continue;
      int any = 0;
      for (int x = 0; x < nn && !any; x++)
        any = piece[x] == p;
      if (!any)
        continue; /* emptied above */
      /* breadth first from piece p to the main piece */
      int head = 0, tail = 0, found = -1;
      for (int x = 0; x < nn; x++) {
        from[x] = -2;
        if (piece[x] == p) {
          from[x] = -1;
          q[tail++] = x;
        }
      }
      while (head < tail && found < 0) {
        int x = q[head++];
        for (int d = 0; d < 4 && found < 0; d++) {
          int r2 = x / n + dr[d], c2 = x % n + dc[d], y = r2 * n + c2;
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || from[y] != -2 ||
              y == c || g->star[y])
            continue;
          if (piece[y] == main) {
            from[y] = x;
            found = y;
            break;
          }
          int b = g->region[y];
          if (b == a)
            continue; /* another piece: joined later on its own */
          if (b >= 0) {
            set[0] = y;
            if (sb_moving_set(g, b, set, 1) != 1)
              continue; /* a joint of b */
          }
          from[y] = x;
          q[tail++] = y;
        }
      }
      if (found < 0) {
        ok = 0;
        break;
      }
      for (int x = from[found]; x >= 0 && piece[x] != p; x = from[x]) {
        g->region[x] = a;
        piece[x] = main;
        changed++;
      }
      for (int x = 0; x < nn; x++)
        if (piece[x] == p)
          piece[x] = main;
    }
    if (ok) {
      rc = 1;
      g->gx->perturbs++;
    } else {
      /* undo: the cells of this try back to a (approximately: holes made
         here stay holes, which is always safe) */
      g->region[c] = a;
      for (int x = 0; x < nn; x++)
        if (piece[x] >= 0)
          g->region[x] = a;
    }
  }
  free(cand);
  return rc;
}

/* See starbattle.h. */
void sb_exclude_layout(sb_gen *g, void *h, int *lits) {
  int k = 0;
  for (int c = 0; c < g->nn; c++)
    if (g->star[c])
      lits[k++] = -(1 + c);
  g->gx->clause(h, lits, (size_t)k);
}

/* One phase, on one solver for the regions as they are when it starts,
   with S excluded: while it finds another solution, prune takes cells out
   of their regions, which the solver then learns as empty cells (a puzzle
   with fewer cells in regions has only solutions of the one before with
   those cells empty, so the solver's formula stays exact).  When no cell
   can be taken, detour changes the regions and a new phase begins. */
static int prune_phase(sb_gen *g, gc_puzzle *pz, int *lits, gc_error *err) {
  int nn = g->nn;
  void *h = g->gx->open(g->gx->arg, pz, err);
  if (!h)
    return err->code ? -1 : 1;
  int k = 0, rc = 0, pruned = 0, holes = 0;
  for (int c = 0; c < nn; c++)
    holes += g->region[c] < 0;
  sb_exclude_layout(g, h, lits);
  gc_grid t = {0, NULL};
  for (;;) {
    if (g->holes_most && holes > g->holes_most) {
      rc = 2; /* too many to fill: a fresh attempt */
      break;
    }
    int r = sb_gen_solve(g, h, NULL, 0);
    if (r == 20)
      break;
    if (r != 10) {
      rc = 1;
      break;
    }
    if (g->gx->model(h, &t, err)) {
      rc = -1;
      break;
    }
    k = prune(g, &t, lits);
    if (!k) {
      int d = detour(g, &t);
      gc_grid_free(&t);
      rc = d < 0 ? -1 : d ? 4 : 2;
      break;
    }
    gc_grid_free(&t);
    pruned++;
    for (int i = 0; i < k; i++) {
      int x = -(1 + lits[i]);
      g->gx->clause(h, &x, 1);
    }
    holes += k;
  }
  g->gx->close(h);
  if (rc)
    return rc;
  return pruned ? 3 : 0;
}

/*------------------------------------------------------------------------*/
/* Fill. */

/* Regions a hole may join (the nearest), steps through holes to them,
   other solutions asked for per check, holes per batch, cells a widening
   takes (each cutting off at most SB_WIDEN_CUT), nogoods per solution and
   solutions kept. */
enum {
  SB_FILL_OPTS = 6,
  SB_FILL_RADIUS = 4,
  SB_FILL_ASK = 8,
  SB_BATCH = 12,
  SB_WIDEN = 8,
  SB_WIDEN_CUT = 3,
  SB_NOGOODS = 256,
  SB_CEX = 4096
};

typedef struct sbfill {
  int nh, *hole, *hidx;      /* holes; hole index of a cell or -1 */
  int *nopt, *opt, *var;     /* per hole: options (regions) and literals */
  int *dist;                 /* per region and cell: steps through holes */
  int *pick;                 /* per hole: the region the master chose */
  int *xoff;                 /* per hole: its first extra literal, less 1,
                                in the check's formula (fill_checker) */
  int guard;                 /* the check's next guard literal */
  int *xreg, *xcell;         /* per extra literal: its region and cell */
  char *active;              /* cells: holes the master fills now */
  int ncex, capcex;          /* solutions found: their stars */
  unsigned char *cex;
} sbfill;

/* The literal of hole h joining region b, 0 when it may not. */
static int fill_var(const sbfill *f, int h, int b) {
  for (int j = 0; j < f->nopt[h]; j++)
    if (f->opt[h * SB_FILL_OPTS + j] == b)
      return f->var[h * SB_FILL_OPTS + j];
  return 0;
}

/* Forbids, in the master, every choice for t's holes that makes t a
   solution. */
static void fill_nogoods(sb_gen *g, sbfill *f, void *master,
                         const unsigned char *t) {
  int n = g->n, m = g->m, need[SB_MAX_N] = {0}, q[SB_MAX_N * SB_MAX_M];
  int nq = 0;
  for (int c = 0; c < g->nn; c++) {
    if (!t[c])
      continue;
    if (g->region[c] >= 0)
      need[g->region[c]]++;
    else if (f->hidx[c] >= 0)
      q[nq++] = f->hidx[c];
    else
      return; /* a star in a hole that stays empty for now */
  }
  int sum = 0;
  for (int b = 0; b < n; b++) {
    need[b] = m - need[b];
    if (need[b] < 0)
      return; /* never a solution */
    sum += need[b];
  }
  if (sum != nq || nq == 0)
    return;
  /* depth-first over the holes of t: choice[i] = option index */
  int choice[SB_MAX_N * SB_MAX_M], lits[SB_MAX_N * SB_MAX_M], depth = 0,
      emitted = 0;
  choice[0] = -1;
  while (depth >= 0 && emitted < SB_NOGOODS) {
    int h = q[depth];
    if (choice[depth] >= 0)
      need[f->opt[h * SB_FILL_OPTS + choice[depth]]]++;
    int j = choice[depth] + 1;
    while (j < f->nopt[h] && need[f->opt[h * SB_FILL_OPTS + j]] <= 0)
      j++;
    if (j >= f->nopt[h]) {
      depth--;
      continue;
    }
    choice[depth] = j;
    need[f->opt[h * SB_FILL_OPTS + j]]--;
    if (depth + 1 < nq) {
      choice[++depth] = -1;
      continue;
    }
    for (int i = 0; i < nq; i++)
      lits[i] = -f->var[q[i] * SB_FILL_OPTS + choice[i]];
    g->gx->clause(master, lits, (size_t)nq);
    emitted++;
  }
}

static void fill_free(sbfill *f) {
  free(f->hole);
  free(f->cex);
  memset(f, 0, sizeof *f);
}

/* The master for the holes as they are.  NULL with err (or stopped). */
static void *fill_master(sb_gen *g, sbfill *f, gc_error *err) {
  int n = g->n, nn = g->nn;
  f->nh = 0;
  for (int c = 0; c < nn; c++) {
    f->hidx[c] = f->active[c] ? f->nh : -1;
    if (f->active[c])
      f->hole[f->nh++] = c;
  }
  /* steps from each region's cells through holes */
  int *queue = g->queue;
  for (int b = 0; b < n; b++) {
    int *dist = f->dist + (size_t)b * nn, head = 0, tail = 0;
    for (int c = 0; c < nn; c++) {
      dist[c] = g->region[c] == b ? 0 : INT_MAX;
      if (!dist[c])
        queue[tail++] = c;
    }
    while (head < tail) {
      int c = queue[head++];
      if (dist[c] >= SB_FILL_RADIUS)
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || !f->active[x] ||
            dist[x] != INT_MAX)
          continue;
        dist[x] = dist[c] + 1;
        queue[tail++] = x;
      }
    }
  }
  /* options: the nearest regions, holes in order of distance so that a
     hole's way to a region is decided before it */
  int nv = 0;
  for (int step = 1; step <= SB_FILL_RADIUS; step++)
    for (int h = 0; h < f->nh; h++) {
      int c = f->hole[h];
      if (step == 1)
        f->nopt[h] = 0;
      for (int b = 0; b < n && f->nopt[h] < SB_FILL_OPTS; b++) {
        if (f->dist[(size_t)b * nn + c] != step)
          continue;
        int ok = step == 1;
        for (int d = 0; d < 4 && !ok; d++) {
          int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
          ok = r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && f->hidx[x] >= 0 &&
               f->dist[(size_t)b * nn + x] == step - 1 &&
               fill_var(f, f->hidx[x], b);
        }
        if (!ok)
          continue;
        f->opt[h * SB_FILL_OPTS + f->nopt[h]] = b;
        f->var[h * SB_FILL_OPTS + f->nopt[h]++] = ++nv;
      }
    }
  /* the literals in a random order (the solver's choices follow it); up
     to SB_FILL_OPTS a hole, more than the grid's cells on a small grid */
  int *perm = malloc(((size_t)nv + 1) * sizeof *perm);
  if (!perm) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  for (int v = 0; v < nv; v++)
    perm[v] = v + 1;
  gc_rng_shuffle(g->rng, perm, (size_t)nv);
  for (int h = 0; h < f->nh; h++)
    for (int j = 0; j < f->nopt[h]; j++)
      f->var[h * SB_FILL_OPTS + j] = perm[f->var[h * SB_FILL_OPTS + j] - 1];
  free(perm);
  /* a hole with nowhere to go stays empty for now (always safe) */
  for (int h = 0; h < f->nh; h++)
    if (!f->nopt[h])
      f->active[f->hole[h]] = 0;
  void *master = g->gx->raw(g->gx->arg, err);
  if (!master)
    return NULL;
  int lits[SB_FILL_OPTS + 1];
  for (int h = 0; h < f->nh; h++) {
    int c = f->hole[h], k = f->nopt[h];
    if (!k)
      continue;
    for (int j = 0; j < k; j++)
      lits[j] = f->var[h * SB_FILL_OPTS + j];
    g->gx->clause(master, lits, (size_t)k); /* empty: no model */
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++) {
        int two[2] = {-lits[i], -lits[j]};
        g->gx->clause(master, two, 2);
      }
    for (int j = 0; j < k; j++) {
      int b = f->opt[h * SB_FILL_OPTS + j];
      int step = f->dist[(size_t)b * nn + c], ns = 0;
      if (step == 1)
        continue;
      int sup[5];
      sup[ns++] = -f->var[h * SB_FILL_OPTS + j];
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && f->hidx[x] >= 0 &&
            f->dist[(size_t)b * nn + x] == step - 1) {
          int v = fill_var(f, f->hidx[x], b);
          if (v)
            sup[ns++] = v;
        }
      }
      g->gx->clause(master, sup, (size_t)ns);
    }
  }
  for (int i = 0; i < f->ncex; i++)
    fill_nogoods(g, f, master, f->cex + (size_t)i * nn);
  return master;
}

/* The checks' formula for the batch as the master has it (one solver for
   every check of the build): the puzzle with S excluded (sb_formula), an
   extra literal x per hole h of the batch and region b it may join, which
   counts in b and holds exactly when h holds a star and joins b (x
   implies the star, the star one of h's x, and the check assumes every x
   of a region h does not join false); the holes outside the batch
   empty.  A check's blocking clauses hold under its own guard literal,
   retired after the check, so a solution that a later choice no longer
   lets in cannot hide one that it does.  NULL with err (err->code 0:
   stopped). */
static void *fill_checker(sb_gen *g, sbfill *f, int *lits, gc_error *err) {
  int nn = g->nn, ne = 0, *own = f->xreg, *at = f->xcell;
  for (int h = 0; h < f->nh; h++) {
    f->xoff[h] = nn + ne;
    for (int j = 0; j < f->nopt[h]; j++) {
      at[ne] = f->hole[h];
      own[ne++] = f->opt[h * SB_FILL_OPTS + j];
    }
  }
  int top = 0;
  void *s = sb_formula(g, own, at, ne, lits, &top, err);
  if (!s)
    return NULL;
  sb_exclude_layout(g, s, lits);
  for (int c = 0; c < nn; c++)
    if (g->region[c] < 0 && (f->hidx[c] < 0 || !f->active[c])) {
      int e = -(1 + c); /* a hole outside the batch, or with no option */
      g->gx->clause(s, &e, 1);
    }
  f->guard = top + 1;
  return s;
}

/* Keeps solution t (stars 0/1) for the masters to come. */
static void fill_keep(sb_gen *g, sbfill *f, const gc_grid *t) {
  int i = f->ncex < f->capcex ? f->ncex++ : gc_rng_below(g->rng, f->capcex);
  unsigned char *s = f->cex + (size_t)i * g->nn;
  for (int c = 0; c < g->nn; c++)
    s[c] = t->cell[c] != 0;
}

/* Takes one cell out of its region into the batch (with what it cuts
   off, at most cut cells).  Returns how many went. */
static int widen_one(sb_gen *g, sbfill *f, int c, int cut) {
  if (g->star[c] || g->region[c] < 0)
    return 0;
  int *set = g->cells;
  set[0] = c;
  int k = sb_moving_set(g, g->region[c], set, 1);
  if (k > cut)
    return 0;
  for (int j = 0; j < k; j++) {
    g->region[set[j]] = -1;
    f->active[set[j]] = 2; /* new in the batch (1 after widen) */
  }
  return k;
}

/* Is cell c within d steps (king) of a hole of the batch? */
static int near_batch(const sb_gen *g, const sbfill *f, int c, int d) {
  int n = g->n;
  for (int a = -d; a <= d; a++)
    for (int b = -d; b <= d; b++) {
      int r2 = c / n + a, c2 = c % n + b;
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && f->active[r2 * n + c2] == 1)
        return 1;
    }
  return 0;
}

/* More holes for a batch the master cannot fill, in widening steps: the
   cells near the batch where the solutions found since its last build
   (from `last`) have stars, those of any solution kept, the cells next to
   the batch, then those two steps away.  Returns how many cells went. */
static int widen(sb_gen *g, sbfill *f, int last) {
  int nn = g->nn, out = 0;
  for (int level = 0; level < 3 && !out; level++) {
    int from = level == 0 ? (last < f->ncex ? last : f->ncex - 1) : 0;
    for (int i = from; level < 1 && i >= 0 && i < f->ncex && out < SB_WIDEN;
         i++) {
      const unsigned char *s = f->cex + (size_t)i * nn;
      for (int c = 0; c < nn && out < SB_WIDEN; c++)
        if (s[c] && near_batch(g, f, c, 2))
          out += widen_one(g, f, c, SB_WIDEN_CUT);
    }
    for (int c = 0; level == 2 && c < nn; c++) {
      int n = g->n, next = 0;
      for (int d = 0; d < 4 && !next; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        next = r2 >= 0 && r2 < n && c2 >= 0 && c2 < n &&
               f->active[r2 * n + c2] == 1;
      }
      if (next)
        out += widen_one(g, f, c, SB_WIDEN_CUT);
    }
  }
  for (int c = 0; c < nn; c++)
    f->active[c] = f->active[c] != 0;
  return out;
}

/* Fills every hole so that the puzzle is unique.  0 done; 1 stopped; 2
   stuck; -1 with err. */
int sb_fill(sb_gen *g, int *lits, gc_error *err) {
  int n = g->n, nn = g->nn, rc = -1, builds = 0, checks = 0;
  sbfill f;
  memset(&f, 0, sizeof f);
  f.capcex = SB_CEX;
  f.hole = malloc((size_t)nn * (5 + 2 * SB_FILL_OPTS) * sizeof *f.hole +
                  (size_t)n * nn * sizeof *f.dist);
  f.cex = malloc((size_t)f.capcex * nn);
  f.active = calloc((size_t)nn, 1);
  if (!f.hole || !f.cex || !f.active) {
    free(f.active);
    fill_free(&f);
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  f.hidx = f.hole + nn;
  f.nopt = f.hole + 2 * nn;
  f.opt = f.hole + 3 * nn;
  f.var = f.opt + (size_t)nn * SB_FILL_OPTS;
  f.pick = f.var + (size_t)nn * SB_FILL_OPTS;
  f.xoff = f.pick + nn;
  f.dist = f.xoff + nn;
  gc_grid t = {0, NULL};
  int *assume = malloc(((size_t)nn * SB_FILL_OPTS + 1) * 3 * sizeof *assume);
  if (!assume || gc_grid_init(&t, n)) {
    free(assume);
    free(f.active);
    fill_free(&f);
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  f.xreg = assume + (size_t)nn * SB_FILL_OPTS + 1;
  f.xcell = f.xreg + (size_t)nn * SB_FILL_OPTS + 1;
  int last = 0; /* the first solution found since the last build */
  for (;;) {
    /* the next batch: the holes nearest to a random one */
    int nact = 0, nholes = 0;
    for (int c = 0; c < nn; c++) {
      nact += f.active[c];
      nholes += g->region[c] < 0;
    }
    if (!nholes) {
      rc = 0;
      break;
    }
    if (!nact) {
      int pick = gc_rng_below(g->rng, nholes), h0 = 0;
      for (; h0 < nn; h0++)
        if (g->region[h0] < 0 && pick-- == 0)
          break;
      for (int dist = 0; dist < 2 * n && nact < SB_BATCH; dist++)
        for (int c = 0; c < nn && nact < SB_BATCH; c++)
          if (g->region[c] < 0 &&
              abs(c / n - h0 / n) + abs(c % n - h0 % n) == dist) {
            f.active[c] = 1;
            nact++;
          }
    }
    void *master = fill_master(g, &f, err);
    builds++;
    if (!master) {
      rc = err->code ? -1 : 1;
      break;
    }
    void *chk = fill_checker(g, &f, lits, err);
    if (!chk) {
      g->gx->close(master);
      rc = err->code ? -1 : 1;
      break;
    }
    last = f.ncex;
    int r;
    while ((r = sb_gen_solve(g, master, NULL, 0)) == 10) {
      int na = 0, guard = f.guard++;
      for (int h = 0; h < f.nh; h++) {
        f.pick[h] = -1;
        for (int j = 0; j < f.nopt[h]; j++)
          if (g->gx->value(master, f.var[h * SB_FILL_OPTS + j]) > 0)
            f.pick[h] = f.opt[h * SB_FILL_OPTS + j];
          else
            assume[na++] = -(f.xoff[h] + 1 + j);
      }
      assume[na++] = guard;
      for (int h = 0; h < f.nh; h++)
        g->region[f.hole[h]] = f.pick[h];
      checks++;
      int found = 0, sr;
      while (found < SB_FILL_ASK &&
             (sr = sb_gen_solve(g, chk, assume, (size_t)na)) == 10) {
        int k = 0;
        lits[k++] = -guard;
        for (int c = 0; c < nn; c++) {
          t.cell[c] = g->gx->value(chk, 1 + c) > 0;
          if (t.cell[c])
            lits[k++] = -(1 + c);
        }
        g->gx->clause(chk, lits, (size_t)k);
        found++;
        /* the choices of the holes that hold its stars */
        int nl = 0;
        for (int c = 0; c < nn; c++)
          if (t.cell[c] && f.hidx[c] >= 0)
            lits[nl++] = -fill_var(&f, f.hidx[c], g->region[c]);
        fill_keep(g, &f, &t);
        for (int c = 0; c < nn; c++) /* back to holes for the counts */
          if (f.hidx[c] >= 0)
            g->region[c] = -1;
        fill_nogoods(g, &f, master, f.cex + (size_t)(f.ncex - 1) * nn);
        if (nl)
          g->gx->clause(master, lits, (size_t)nl);
        for (int hh = 0; hh < f.nh; hh++) /* the model's choices again */
          g->region[f.hole[hh]] = f.pick[hh];
      }
      int retire = -guard;
      g->gx->clause(chk, &retire, 1);
      if (sr == 0 && found < SB_FILL_ASK) {
        r = 0;
        break;
      }
      if (!found) {
        r = 30; /* unique: the holes stay filled */
        break;
      }
      for (int c = 0; c < nn; c++)
        if (f.hidx[c] >= 0)
          g->region[c] = -1;
    }
    g->gx->close(chk);
    g->gx->close(master);
    if (r == 30) {
      memset(f.active, 0, (size_t)nn);
      continue;
    }
    if (r != 20) {
      rc = r < 0 ? -1 : 1;
      break;
    }
    /* no way to fill: more holes around the batch (widen) */
    int out = widen(g, &f, last);
    if (!out) {
      rc = 2;
      break;
    }
  }
  gc_grid_free(&t);
  free(assume);
  free(f.active);
  fill_free(&f);
  return rc;
}

int sb_prune(sb_gen *g, gc_puzzle *pz, int *lits, gc_error *err) {
  int rc;
  do
    rc = prune_phase(g, pz, lits, err);
  while (rc == 4);
  return rc;
}
