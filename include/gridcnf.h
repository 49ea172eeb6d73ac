/*
 * gridcnf.h: the public interface of gridcnf, a library that translates
 * logic-grid puzzles (Skyscrapers, and every genre in the registry) into
 * CNF and solves them with the embedded CaDiCaL SAT solver.
 *
 * The library never prints and never exits: every failure comes back as a
 * gc_error with a code, a message and, where the input has one, a line and
 * column.  This header stands alone: it includes only the C library.
 *
 * Typical use:
 *   gc_reader *rd = gc_reader_new(text, len, "puzzles.jsonl", NULL, &err);
 *   gc_puzzle *pz;
 *   while (gc_reader_next(rd, &pz, &err) != GC_READ_END) {
 *     if (!pz) { report(&err); continue; }       (a bad record; go on)
 *     gc_result res;
 *     gc_solve(pz, &opts, &limits, &res, &err);
 *     ... gc_result_free(&res); gc_puzzle_free(pz);
 *   }
 *   gc_reader_free(rd);
 */
#ifndef GRIDCNF_H
#define GRIDCNF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GC_VERSION "0.1.0"

/*------------------------------------------------------------------------*/
/* Errors.  One X-macro gives the code, its name and the CLI exit code.    */

#define GC_CODES(X)                                                        \
  X(GC_OK, "ok", 0)                                                        \
  X(GC_E_USAGE, "usage", 64)                                               \
  X(GC_E_SYNTAX, "syntax", 65)                                             \
  X(GC_E_RANGE, "range", 65)                                               \
  X(GC_E_SHAPE, "shape", 65)                                               \
  X(GC_E_CONTRADICTION, "contradiction", 65)                               \
  X(GC_E_TOO_LARGE, "too-large", 65)                                       \
  X(GC_E_OPEN, "cannot-open", 66)                                          \
  X(GC_E_NOMEM, "out-of-memory", 70)                                       \
  X(GC_E_INTERNAL, "internal", 70)                                         \
  X(GC_E_IO, "io", 74)                                                     \
  X(GC_E_UNSUPPORTED, "cannot-express", 65)

typedef enum gc_code {
#define GC_CODE_ENUM(sym, name, exitcode) sym,
  GC_CODES(GC_CODE_ENUM)
#undef GC_CODE_ENUM
  GC_CODE_COUNT
} gc_code;

/* Fixed buffers, so that even out-of-memory can be reported. */
typedef struct gc_error {
  gc_code code;
  char source[128];  /* file name, "<stdin>", or "" */
  long line, column; /* from 1; 0 = not applicable */
  char path[64];     /* JSON path of the offending value, or "" */
  char message[256]; /* lower case, no final period */
} gc_error;

void gc_error_clear(gc_error *err);
void gc_error_source(gc_error *err, const char *source); /* sets source */
/* Sets code, position and message (printf style); keeps the source and
   clears the path. */
void gc_error_set(gc_error *err, gc_code code, long line, long column,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* How far apart two names are: insertions, deletions, substitutions and
   swaps of two neighbouring characters count one each (names over 40
   bytes are 99 apart).  What "did you mean" suggestions measure. */
int gc_edit_distance(const char *a, const char *b);
const char *gc_code_name(gc_code code);
int gc_code_exit(gc_code code);
/* "source:line:column: message (path)"; the parts that are empty are left
   out.  Returns the length it wanted, as snprintf does. */
int gc_error_format(const gc_error *err, char *buf, size_t size);

/*------------------------------------------------------------------------*/
/* Encoding options: the one table.  Each row: field, kind, default, low,
   high, the names of an enum's values separated by '|', and a help line.
   The CLI's --name=value parser, --help lines and the DIMACS header are
   all generated from it.                                                  */

#define GC_OPTIONS(X)                                                      \
  X(amo, GC_OPT_ENUM, 0, 0, 2, "auto|pairwise|seq",                        \
    "at-most-one encoding: auto = pairwise up to 12 literals, "            \
    "sequential counter above")                                           \
  X(edge_units, GC_OPT_BOOL, 1, 0, 1, NULL,                                \
    "Skyscrapers: add the edge-clue deductions as unit clauses")           \
  X(sky_rise, GC_OPT_BOOL, 1, 0, 1, NULL,                                  \
    "Skyscrapers: a building seen from a clue lifts the running maximum "  \
    "(implied clauses: stronger propagation)")                            \
  X(preprocess, GC_OPT_BOOL, 1, 0, 1, NULL,                                \
    "let CaDiCaL simplify the formula before and during search")           \
  X(sb_window, GC_OPT_BOOL, 0, 0, 1, NULL,                                 \
    "Star Battle: a block literal per 2x2 window (b <-> any of its cells)") \
  X(sb_pairs, GC_OPT_ENUM, 2, 0, 2, "off|on|auto",                         \
    "Star Battle: two adjacent rows (columns) hold 2m stars, one at most "  \
    "per 2x2 tile: a count over tile literals; auto = on for m >= 3")      \
  X(sb_bands, GC_OPT_BOOL, 1, 0, 1, NULL,                                  \
    "Star Battle: k regions inside k consecutive rows (columns) leave the " \
    "rest of those rows empty, k rows meeting only k regions leave the "   \
    "rest of those regions empty (unit clauses)")                         \
  X(sb_blocks, GC_OPT_ENUM, 2, 0, 2, "off|on|auto",                        \
    "Star Battle: count a row's (column's) stars over its dominoes and a " \
    "region's over 2x2 blocks and dominoes covering it, a literal per "    \
    "block (one star at most each); auto = on for m >= 2")                \
  X(card, GC_OPT_ENUM, 0, 0, 2, "auto|counter|totalizer",                  \
    "k-of-n count encoding: two-way sequential counter or totalizer; "     \
    "auto = totalizer for Star Battle with m >= 4, counter elsewhere")    \
  X(phase, GC_OPT_BOOL, 1, 0, 1, NULL,                                     \
    "CaDiCaL's initial phase: 1 = true (its default), 0 = false")         \
  X(search, GC_OPT_ENUM, 0, 0, 2, "auto|default|sparse",                   \
    "CaDiCaL's search: default (with phase above), or sparse (stable "     \
    "mode only, every variable tried false first: solutions with few "     \
    "true cells); auto = sparse for Star Battle with m >= 4 and "          \
    "n >= 5m, default elsewhere")                                         \
  X(simplify, GC_OPT_BOOL, 1, 0, 1, NULL,                                  \
    "unit-propagate the formula before the solver sees it: fixed "         \
    "variables become units, satisfied clauses and false literals go")    \
  X(probe, GC_OPT_BOOL, 1, 0, 1, NULL,                                     \
    "rule out each cell value whose propagation ends in a conflict "      \
    "(failed literals, part of simplify, within a budget)")               \
  X(portfolio, GC_OPT_ENUM, 2, 0, 2, "off|on|auto",                        \
    "a second thread answers the same question, the first answer wins: "  \
    "the genre's alternate encoding (Star Battle, m >= 3: the pair "      \
    "counts the other way), else CaDiCaL's stable search; auto = only "   \
    "with an alternate encoding and a second CPU, after 40 ms, not in "   \
    "cnf, certify, render or solve --jobs")

typedef enum gc_opt_kind { GC_OPT_BOOL, GC_OPT_INT, GC_OPT_ENUM } gc_opt_kind;

typedef enum gc_amo { GC_AMO_AUTO = 0, GC_AMO_PAIRWISE = 1, GC_AMO_SEQ = 2 } gc_amo;
typedef enum gc_sb_pairs { GC_SB_PAIRS_OFF = 0, GC_SB_PAIRS_ON = 1, GC_SB_PAIRS_AUTO = 2 } gc_sb_pairs;
/* sb_blocks uses the same three values */
typedef enum gc_card { GC_CARD_AUTO = 0, GC_CARD_COUNTER = 1, GC_CARD_TOTALIZER = 2 } gc_card;
typedef enum gc_search { GC_SEARCH_AUTO = 0, GC_SEARCH_DEFAULT = 1, GC_SEARCH_SPARSE = 2 } gc_search;
typedef enum gc_portfolio { GC_PORTFOLIO_OFF = 0, GC_PORTFOLIO_ON = 1, GC_PORTFOLIO_AUTO = 2 } gc_portfolio;

typedef struct gc_options {
#define GC_OPTION_FIELD(name, kind, def, lo, hi, values, help) int name;
  GC_OPTIONS(GC_OPTION_FIELD)
#undef GC_OPTION_FIELD
} gc_options;

typedef struct gc_option_info {
  const char *name; /* field name; the CLI spells '_' as '-' */
  gc_opt_kind kind;
  int def, lo, hi;
  const char *values; /* enums: "a|b|c"; else NULL */
  const char *help;
  size_t offset; /* of the int field in gc_options */
} gc_option_info;

void gc_options_default(gc_options *opt);
size_t gc_option_count(void);
const gc_option_info *gc_option_at(size_t i);
const gc_option_info *gc_option_find(const char *name); /* '-' or '_' */
/* Sets one option from its text ("seq", "1", "off", ...). */
int gc_option_set(gc_options *opt, const gc_option_info *info,
                  const char *value, gc_error *err);
/* The name as the command line spells it ('_' as '-') into buf. */
const char *gc_option_cli_name(const gc_option_info *info, char *buf,
                               size_t size);
/* The value as text (enum name, 0/1, number) into buf. */
const char *gc_option_value(const gc_options *opt, const gc_option_info *info,
                            char *buf, size_t size);

/*------------------------------------------------------------------------*/
/* Genres.                                                                 */

typedef struct gc_genre gc_genre;

size_t gc_genre_count(void);
const gc_genre *gc_genre_at(size_t i);
/* By name or alias, case-insensitive ("skyscrapers", "towers"). */
const gc_genre *gc_genre_find(const char *name);
const char *gc_genre_name(const gc_genre *g);
const char *gc_genre_summary(const gc_genre *g);
const char *const *gc_genre_aliases(const gc_genre *g); /* NULL-terminated */
int gc_genre_max_n(const gc_genre *g);
/* 1 when a cell holds a mark or nothing (Star Battle: 1 a star, 0 none),
   0 when it holds a digit 1..n (the Latin genres). */
int gc_genre_binary(const gc_genre *g);

/*------------------------------------------------------------------------*/
/* Puzzles and grids.                                                      */

typedef struct gc_puzzle gc_puzzle;

/* An n x n grid.  Digits 1..n for Latin genres; 0/1 (1 = star) for Star
   Battle; GC_EMPTY marks a cell not yet filled in a partial grid. */
#define GC_EMPTY (-1)
typedef struct gc_grid {
  int n;
  int *cell; /* row-major, n*n */
} gc_grid;

int gc_grid_init(gc_grid *g, int n); /* zeroed; 0 or -1 when out of memory */
void gc_grid_free(gc_grid *g);
int gc_grid_equal(const gc_grid *a, const gc_grid *b);

const gc_genre *gc_puzzle_genre(const gc_puzzle *pz);
int gc_puzzle_n(const gc_puzzle *pz);
const char *gc_puzzle_id(const gc_puzzle *pz); /* NULL when the input had none */
long gc_puzzle_line(const gc_puzzle *pz);      /* where it started, from 1 */
/* The name of the input it was read from (the reader's source: a file
   name, "<stdin>"); NULL for a generated puzzle. */
const char *gc_puzzle_source(const gc_puzzle *pz);
/* The known solution that came with the input ("solution" key), or NULL. */
const gc_grid *gc_puzzle_known(const gc_puzzle *pz);
void gc_puzzle_free(gc_puzzle *pz);

/* The genre's own rule checker, independent of any encoding.  Returns 1
   when g solves pz; otherwise 0 and the first broken rule in why. */
int gc_check(const gc_puzzle *pz, const gc_grid *g, char *why, size_t size);

/* The puzzle, and the grid if g is not NULL, as text the text reader reads
   back.  Returns a malloc'd string, or NULL when out of memory. */
char *gc_render_text(const gc_puzzle *pz, const gc_grid *g);

/* The puzzle as gc_render_text writes it, after a "# ID" line when it has
   an id that fits on one line (the text reader reads such a line back as
   the puzzle's id): what `convert --to text` and `generate` print.
   Returns a malloc'd string, or NULL when out of memory. */
char *gc_puzzle_text(const gc_puzzle *pz);

/* The puzzle with g (may be NULL) for a person to read, with a style per
   byte that says how it is meant to look (a terminal shows them as
   colours: cli/term.c).  The text is gc_render_text's, but with
   look->boxes, a picture for a terminal that need not read back as a
   puzzle (Star Battle's solution: the regions drawn with box-drawing
   characters, a star as U+2605); still read back by gc_grid_read.  With
   look->other, the cells where g differs from it get GC_STYLE_DIFFERS.
   Returns the malloc'd text, and in *style (malloc'd) one gc_style per
   byte; NULL (and *style NULL) when out of memory.  look may be NULL. */
typedef enum gc_style {
  GC_STYLE_TEXT = 0, /* headers, spaces, the rest */
  GC_STYLE_CLUE,     /* a clue outside the grid */
  GC_STYLE_GIVEN,    /* a digit the puzzle gives */
  GC_STYLE_SOLVED,   /* a digit of g that the puzzle does not give */
  GC_STYLE_STAR,     /* a star of g */
  GC_STYLE_EMPTY,    /* a cell without digit, or without star */
  GC_STYLE_SIGN,     /* an inequality sign */
  GC_STYLE_BORDER,   /* a line drawn with box-drawing characters */
  GC_STYLE_DIFFERS = 0x80 /* added to a cell's style: g differs there */
} gc_style;
typedef struct gc_look {
  int boxes;            /* draw for a terminal (box-drawing characters) */
  const gc_grid *other; /* mark where g differs from it; may be NULL */
} gc_look;
char *gc_render_look(const gc_puzzle *pz, const gc_grid *g,
                     const gc_look *look, unsigned char **style);

/* The puzzle as a standalone SVG picture: grid, clues, givens, signs,
   regions; with solution (not NULL, n x n) its digits or stars are drawn
   in a second colour.  Element classes: "clue", "given", "solution",
   "star", "sign", "region-border", "box-border" (one element each per
   clue, digit, star, sign and unit border edge; see genres/svg.h).
   Returns a malloc'd string, or NULL when out of memory. */
char *gc_render_svg(const gc_puzzle *pz, const gc_grid *solution);

/* The puzzle as one corpus JSON record (one line, no newline), malloc'd;
   NULL when out of memory. */
char *gc_puzzle_json(const gc_puzzle *pz);

/*------------------------------------------------------------------------*/
/* Reading puzzles.  Formats: "json" (JSON lines, concatenated or
   pretty-printed objects, or one array of them), "text" (each genre's
   own notation) and the formats people paste (gc_format_name: Tatham game
   IDs, puzz.link URLs, SBN, Codewars clue arrays, Python lists).  "auto"
   first lets the pasted formats claim the input (a multi-line one the
   whole text; one-line ones line by line, in their fixed order), then
   picks json when the first character that is not space is '{' or '['.   */

typedef struct gc_reader gc_reader;

typedef struct gc_read_options {
  const char *format; /* "auto" (NULL), "json", "text" or a format name */
  const char *genre;  /* genre for records that do not name one, or NULL */
} gc_read_options;

enum { GC_READ_END = 0, GC_READ_PUZZLE = 1, GC_READ_ERROR = -1 };

/* Reads from a buffer the caller keeps alive until gc_reader_free.
   Returns NULL (and err) on a bad option or out of memory.
   A JSON string or number longer than 64 KiB is refused where it starts
   (GC_E_TOO_LARGE) before it is stored; memory running out while a record
   is read is GC_E_NOMEM for that record, never "invalid JSON".  For that,
   the first read installs a wrapper over jansson's allocator
   (json_set_alloc_funcs) that calls the allocator set before it: a
   program that sets its own does so before its first gridcnf call. */
gc_reader *gc_reader_new(const char *data, size_t len, const char *source,
                         const gc_read_options *ropt, gc_error *err);
/* GC_READ_PUZZLE: *out is a puzzle to free.  GC_READ_ERROR: *out is NULL,
   err says why; the next call goes on with the next record.
   GC_READ_END: nothing more. */
int gc_reader_next(gc_reader *rd, gc_puzzle **out, gc_error *err);
void gc_reader_free(gc_reader *rd);

/* Reads a whole file ("-" = standard input) into a malloc'd buffer, at most
   max_bytes (0 = 256 MiB; a file of exactly that size reads).  A file that
   cannot be opened, or a directory, is GC_E_OPEN. */
int gc_read_file(const char *path, char **data, size_t *len, size_t max_bytes,
                 gc_error *err);

/* The formats people paste, in detection order: name and one line about
   it (NULL past the end). */
size_t gc_format_count(void);
const char *gc_format_name(size_t i);
const char *gc_format_summary(size_t i);
/* 1 when name (or one of its aliases, e.g. "url") is a pasted format. */
int gc_format_known(const char *name);
/* The pasted format text reads as (its name), as format "auto" detects
   it, or NULL: e.g. for a caller deciding whether a command-line argument
   is a puzzle rather than a file's name. */
const char *gc_format_detect(const char *data, size_t len);
/* pz in the pasted format name, malloc'd, without a final newline.  NULL
   with err when the notation cannot hold the puzzle (GC_E_UNSUPPORTED,
   message "cannot express: why"), the name is unknown (GC_E_USAGE) or
   memory ran out. */
char *gc_format_write(const gc_puzzle *pz, const char *name, gc_error *err);

/*------------------------------------------------------------------------*/
/* Solving.                                                                */

typedef enum gc_status {
  GC_STATUS_UNIQUE,   /* one solution, proven */
  GC_STATUS_MULTIPLE, /* a second solution was found */
  GC_STATUS_NONE,     /* no solution */
  GC_STATUS_UNKNOWN,  /* stopped by the time limit or an interrupt */
  GC_STATUS_SOLVED,   /* a solution; uniqueness not asked */
  GC_STATUS_COUNTED   /* --count: count solutions, see gc_result.count */
} gc_status;

const char *gc_status_name(gc_status s); /* "unique", "multiple", ... */

typedef enum gc_mode {
  GC_MODE_UNIQUE = 0, /* first solution, then prove uniqueness */
  GC_MODE_FIRST,      /* first solution only */
  GC_MODE_COUNT       /* count up to limits.count solutions */
} gc_mode;

typedef enum gc_stop {
  GC_STOP_NONE = 0,
  GC_STOP_TIME,     /* the time limit passed */
  GC_STOP_INTERRUPT /* *limits.interrupt became non-zero */
} gc_stop;

/* The stop flag of gc_limits.interrupt is read on the solving threads
   while a signal handler or another thread sets it: both sides use
   relaxed atomic accesses (lock-free on an int, so a signal handler may
   call gc_stop_request).  gc_stop_requested(NULL) is 0. */
static inline int gc_stop_requested(const volatile int *flag) {
  return flag ? __atomic_load_n(flag, __ATOMIC_RELAXED) : 0;
}
static inline void gc_stop_request(volatile int *flag, int value) {
  __atomic_store_n(flag, value, __ATOMIC_RELAXED);
}

typedef struct gc_limits {
  gc_mode mode;
  long count;                       /* GC_MODE_COUNT: the cap, >= 1 */
  double timeout;                   /* seconds for this solve; <= 0: none */
  const volatile int *interrupt;    /* polled (gc_stop_requested); non-zero
                                       stops; may be NULL */
  long max_vars, max_clauses;       /* refuse a puzzle whose formula is
                                       larger (GC_E_TOO_LARGE); 0 = no
                                       limit.  The clauses added while
                                       solving (blocking clauses) do not
                                       count: a limit never changes an
                                       answer */
  /* Called with every solution found (checked), in order from 1; a
     non-zero return stops the search (status as if the cap was reached).
     May be NULL. */
  int (*on_solution)(void *ctx, long index, const gc_grid *g);
  void *ctx;
  /* Called with a rough upper bound of the bytes about to be allocated,
     so that a process may make that much heap ready in one go (the
     command line does, see README "Start-up"): once the formula's size is
     counted, before it is built (the buffer, the simplification and an
     empty solver), and again once it is simplified, before the solver
     builds its tables.  When set, the encoding runs once more, into a
     counter, to learn the size.  May be NULL. */
  void (*reserve)(size_t bytes);
  /* Called now and then by the step path (gc_steps, gc_rate, gc_hint)
     with the work so far, for a progress display: phase "deducing" (done:
     the cells decided, of total) or "reasons" (done: the steps whose
     reason is proven, of total), at every step.  May be NULL. */
  void (*progress)(void *ctx, const char *phase, long done, long total);
  void *progress_ctx;
} gc_limits;

typedef struct gc_stats {
  int vars;
  long clauses;
  double parse_ms, encode_ms, solve_ms, unique_ms;
  long solver_clauses; /* what reached CaDiCaL (after option simplify) */
  /* 1: option simplify's propagation fixed every cell and left no clause,
     so the puzzle was decided (solution checked, and unique) without
     CaDiCaL; solver_clauses is then 0 */
  int propagation_only;
  int portfolio; /* 0 not run; the session that answered: 1 default, 2 stable,
                    3 the genre's alternate encoding */
  /* portfolio 2 or 3: when that session started, in ms after gc_solve
     began (its encode, solve and unique times follow) */
  double portfolio_start_ms;
  int sparse_search; /* 1: CaDiCaL ran the sparse search (option search) */
} gc_stats;

typedef struct gc_result {
  gc_status status;
  gc_stop stop;    /* why the status is unknown, or why a count stopped */
  gc_grid first;   /* n == 0 when there is none */
  gc_grid second;  /* MULTIPLE: a different solution */
  long count;      /* solutions found (all modes) */
  int complete;    /* COUNT: 1 when every solution was counted */
  gc_stats stats;
} gc_result;

void gc_result_init(gc_result *res);
void gc_result_free(gc_result *res);

/* CPUs this process may run on (its affinity mask; 1 when that cannot be
   told, and in the single-threaded WebAssembly build). */
int gc_usable_cpus(void);

/* Encodes pz, solves it with CaDiCaL and checks every solution with the
   genre's checker before returning it (a failed check is GC_E_INTERNAL).
   Returns 0, or -1 with err set (GC_E_NOMEM when memory runs out, also
   inside CaDiCaL). */
int gc_solve(const gc_puzzle *pz, const gc_options *opt,
             const gc_limits *lim, gc_result *res, gc_error *err);

/*------------------------------------------------------------------------*/
/* Setter tools: one incremental solver per puzzle, every clue, given and
   sign behind its own selector literal.                                   */

/* A list of clues in words ("clue 3 above column 2", "the 7 at r3c3"). */
typedef struct gc_clues {
  size_t count;
  char (*what)[96];
} gc_clues;
void gc_clues_free(gc_clues *c);

/* Checks grid g against pz's rules and lists every broken rule in words
   with its position ("row 3 repeats 5 (columns 2 and 7)", "stars at r2c4
   and r3c5 touch").  With partial, GC_EMPTY cells are allowed and only what
   the filled cells already break is listed.  Returns the number of broken
   rules (0: g solves pz, or breaks nothing yet), or -1 when out of memory.
   broken may be NULL. */
int gc_check_all(const gc_puzzle *pz, const gc_grid *g, int partial,
                 gc_clues *broken);

/* Reads a grid for pz: JSON (an array of rows, or an object with a
   "solution" or "grid" key: `solve --json` output or a corpus record) or
   text (one row per line, digits separated by spaces or, up to 9, not;
   '.', '?', '_' or '0' = empty; Star Battle: '*' or '1' = star, '?' or
   '_' = empty, anything else = no star).  The clue frame and the
   inequality signs that `gridcnf solve` prints around a grid are skipped,
   so its output reads back.  *partial is set when a cell is empty.
   0, or -1 with err (line and column). */
int gc_grid_read(const gc_puzzle *pz, const char *text, size_t len,
                 const char *source, gc_grid *g, int *partial, gc_error *err);

/* For a partial grid (GC_EMPTY cells): can it be completed to a solution?
   One SAT call with the filled cells as assumptions.  *status: SOLVED
   (completion gets a solution), NONE (conflict gets a minimal set of the
   filled cells that cannot all stand, "3 at r2c4"), UNKNOWN when stopped.
   0 or -1 with err. */
int gc_complete(const gc_puzzle *pz, const gc_options *opt,
                const gc_limits *lim, const gc_grid *partial, gc_status *status,
                gc_grid *completion, gc_clues *conflict, gc_error *err);

/* A hint: one cell empty in partial (NULL: all empty) and not given by
   the puzzle, whose value is forced by the puzzle and the filled cells:
   the cell of gc_hint_step.  *status: SOLVED (a hint in *row, *col,
   *value; *effort 0 when a named technique finds it, 1 lookahead, 10^6
   search); UNIQUE when no cell is empty; NONE when the filled cells cannot
   be completed (conflict as for gc_complete; for a unique puzzle, the
   entries that differ from its solution); MULTIPLE when no empty cell is
   forced; UNKNOWN when stopped.  0 or -1 with err. */
int gc_hint(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
            const gc_grid *partial, gc_status *status, int *row, int *col,
            int *value, long *effort, gc_clues *conflict, gc_error *err);


/* For a puzzle with several solutions: givens to add until the solution is
   unique, each at a cell where the kept solution and another one differ
   (the one that settles it alone when there is one).  *status: UNIQUE
   (added lists them, "the 5 at r2c3", empty when pz was unique already;
   *fixed is the new puzzle as a JSON record, malloc'd), NONE (no
   solution), UNKNOWN (stopped).  0, or -1 with err (GC_E_UNSUPPORTED for a
   genre without givens, such as Star Battle). */
int gc_unique_fix(const gc_puzzle *pz, const gc_options *opt,
                  const gc_limits *lim, gc_status *status, gc_clues *added,
                  char **fixed, gc_error *err);

/* For a puzzle with no solution: a minimal set of its clues that cannot
   all hold (every member is needed: without any one of them the rest has a
   solution).  *status: NONE when explained; SOLVED when the puzzle has a
   solution (nothing to explain); UNKNOWN when stopped.  0 or -1 with err. */
int gc_explain(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
               gc_status *status, gc_clues *core, gc_error *err);

/* For a unique puzzle: the clues each removable alone while the solution
   stays unique, and a minimal puzzle (every remaining clue needed) as a
   JSON record in *minimal (malloc'd).  *status: UNIQUE when done; NONE or
   MULTIPLE when the puzzle is not unique to begin with (nothing done);
   UNKNOWN when stopped. */
int gc_minimize(const gc_puzzle *pz, const gc_options *opt,
                const gc_limits *lim, gc_status *status, gc_clues *redundant,
                gc_clues *removed, char **minimal, gc_error *err);

/* The backbone: the cells that hold the same value in every solution.
   fixed gets the grid with -1 where a cell is not fixed.  *status as for
   gc_solve (UNIQUE: every cell is fixed; MULTIPLE; NONE; UNKNOWN). */
int gc_backbone(const gc_puzzle *pz, const gc_options *opt,
                const gc_limits *lim, gc_status *status, gc_grid *fixed,
                gc_error *err);

/*------------------------------------------------------------------------*/
/* Solving step by step, the way a person does (`gridcnf steps`).         */

/* One piece of a step's reason: a puzzle item, or a result of an earlier
   step.  Rows, columns and cells are 0-based here (1-based in every
   message and in JSON). */
typedef enum gc_item_kind {
  GC_ITEM_CLUE,   /* Skyscrapers: side, index, value */
  GC_ITEM_GIVEN,  /* row, col, value */
  GC_ITEM_SIGN,   /* Futoshiki: cell (row, col) < cell (row2, col2) */
  GC_ITEM_CELL,   /* an earlier result (or an entry of the partial grid):
                     row, col and value (the digit; Star Battle 1 = star,
                     0 = no star), or value -1 with the digits ruled out
                     in not_mask (bit v for digit v) */
  GC_ITEM_ROW,    /* Star Battle: row index holds m stars */
  GC_ITEM_COLUMN, /* ... column index */
  GC_ITEM_REGION, /* ... region index (its id in the JSON "regions") */
  GC_ITEM_BOX,    /* Skyscrapers with boxes: box index (row-major) */
  GC_ITEM_MARK    /* Futoshiki Adjacent mode: neighbours (row, col) and
                     (row2, col2); value 1: marked, their digits are
                     consecutive; 0: no mark, they are not */
} gc_item_kind;

enum { GC_SIDE_TOP, GC_SIDE_BOTTOM, GC_SIDE_LEFT, GC_SIDE_RIGHT };

typedef struct gc_item {
  gc_item_kind kind;
  int side;         /* CLUE: GC_SIDE_* */
  int index;        /* CLUE: the column (top, bottom) or row (left, right);
                       ROW, COLUMN, REGION, BOX: which */
  int row, col;     /* GIVEN, CELL, SIGN (the smaller cell) */
  int row2, col2;   /* SIGN: the larger cell */
  int value;        /* CLUE, GIVEN, CELL (see above) */
  uint64_t not_mask;
} gc_item;

/* One deduction: a digit placed, digits ruled out of a cell, or a Star
   Battle cell decided. */
/* The conflicts the prover spends at most on one item of a reason: is the
   step still implied without it?  A count, not a time, so that the same
   puzzle gets the same reasons on every machine. */
#define GC_REASON_CONFLICTS 5000

typedef struct gc_step {
  int row, col;
  int value;            /* the digit, or Star Battle 1 star / 0 no star;
                           -1: an elimination, see not_mask */
  uint64_t not_mask;    /* the digits ruled out (bit v for digit v) */
  const char *technique; /* its name ("hidden single"), static */
  int level;            /* the genre's difficulty level of the technique
                           (index into gc_step_path.levels) */
  int lookahead;        /* 0; 1 found by trying a value and propagating to a
                           contradiction; 2 found by search */
  char text[240];       /* the sentence a person reads */
  size_t nreason;       /* a minimal reason: the step follows from these and
                           the genre's rules, and from no proper subset
                           (but see unproven) */
  gc_item *reason;
  size_t unproven;      /* items of the reason kept without proof that the
                           step needs them: the proof either way took more
                           than GC_REASON_CONFLICTS conflicts (big Star
                           Battles' lookahead and search steps); 0: minimal */
} gc_step;

typedef struct gc_step_path {
  /* UNIQUE: the steps fix every cell; MULTIPLE: deduction ends before
     (the puzzle has several solutions that agree with the steps); NONE:
     no solution (the steps end at a contradiction, conflict as for
     gc_explain); UNKNOWN: stopped by the time limit or an interrupt. */
  gc_status status;
  size_t count;
  gc_step *step;
  gc_grid grid;       /* after the steps; GC_EMPTY where a cell is open */
  gc_clues conflict;  /* NONE: clues that cannot all hold */
  /* The genre's difficulty levels, easiest first, and the hardest level
     the path needed (-1 when it needed none). */
  const char *const *levels;
  int nlevels;
  int level;
  /* Deductions the solver made at each level on its way (eliminations no
     later step needed included); levels past 8 are not counted. */
  int level_count[8];
  long sat_calls;     /* solver calls made to prove the reasons */
  double ms;
} gc_step_path;

enum {
  GC_STEPS_NO_REASONS = 1, /* techniques only: no reasons, no proofs
                              (grading; much faster) */
  GC_STEPS_FIRST = 2,      /* stop at the first step that fixes a cell
                              (for hints: its reason then cites only the
                              puzzle and the partial grid) */
  GC_STEPS_KEEP_ALL = 4    /* keep the eliminations no later step needs */
};

/* The solution of pz (from the partial grid when not NULL: its filled
   cells are earlier results) as an ordered list of deductions, the
   easiest available first, each with its minimal reason, proven on an
   incremental CaDiCaL (every clue behind a selector).  flags: GC_STEPS_*.
   0, or -1 with err; gc_step_path_free afterwards in both cases. */
int gc_steps(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
             const gc_grid *partial, int flags, gc_step_path *path,
             gc_error *err);
void gc_step_path_free(gc_step_path *path);
/* The picture of a step (render --svg --step K): as gc_render_svg with g
   (the cells fixed by the steps so far; GC_EMPTY elsewhere; Star Battle's
   decided empty cells get a small dot), the step's cell shaded ("focus"),
   the cells and units of its reason shaded ("reason", "reason-unit"), its
   clues ringed ("reason-clue"), its signs drawn over ("reason-sign"), the
   digits an elimination rules out written small ("elim").  Malloc'd;
   NULL when out of memory. */
char *gc_render_svg_step(const gc_puzzle *pz, const gc_grid *g,
                         const gc_step *step);
/* The same hint as a step: the first step of the step path (gc_steps)
   from the filled cells that fixes a cell (a Latin genre's eliminations
   before it are folded into its reason), with a minimal reason citing the
   puzzle's items and the filled cells only.  *status as for gc_hint;
   SOLVED fills *step (free step->reason). */
int gc_hint_step(const gc_puzzle *pz, const gc_options *opt,
                 const gc_limits *lim, const gc_grid *partial,
                 gc_status *status, gc_step *step, gc_clues *conflict,
                 gc_error *err);
/* The genre's difficulty level names (NULL-terminated; NULL when the
   genre has no step solver). */
const char *const *gc_genre_levels(const gc_genre *g);
/* An item in words ("clue 3 above column 2", "the 7 at r3c3", "r2c4 <
   r2c5", "row 4 (2 stars)", "r3c3 is not 4 or 5"), into buf. */
void gc_item_words(const gc_puzzle *pz, const gc_item *it, char *buf,
                   size_t size);

/*------------------------------------------------------------------------*/
/* Generating and rating puzzles.                                          */

/* What gc_generate aims at (see gc_rate for the labels). */
typedef enum gc_difficulty {
  GC_DIFFICULTY_ANY = 0, /* a minimal unique puzzle: every clue needed */
  GC_DIFFICULTY_EASY,    /* solved by unit propagation alone on the CNF
                            (gc_rating.up_cells == cells); every clue needed
                            for that, so it may keep a clue that uniqueness
                            alone would not need */
  GC_DIFFICULTY_HARD     /* a minimal unique puzzle that propagation and
                            probing do not solve (probe_cells < cells);
                            fresh solutions until one is.  The genres'
                            own levels: gc_gen_params.level */
} gc_difficulty;

struct gc_gen_info; /* below */

/* The default tries (gc_gen_params.max_tries 0): a puzzle of any
   difficulty, and one of a difficulty or level asked for, which is found
   by trying fresh starts until one grades so (one in a hundred 8x8
   one-star Star Battles grades expert; one in 50 to 200 14x14 three-star
   ones easy, when aimed at).  Tries are counted, not timed, so that the
   same seed makes the same puzzles on every machine; a try takes from a
   millisecond to a second (20x20 Star Battles with 4 stars), so a level
   that seldom or never comes out can take minutes to give up on. */
enum { GC_GEN_TRIES = 50, GC_GEN_TRIES_AIMED = 1000 };

typedef struct gc_gen_params {
  int n;                  /* grid side */
  int stars;              /* Star Battle: stars per row, column and region
                             (0 = 1) */
  int box_rows, box_cols; /* Skyscrapers: Sudoku boxes of box_rows x
                             box_cols cells (0 = none) */
  uint64_t seed;
  uint64_t index;         /* puzzle `index` of the seed's sequence (from 1):
                             each has its own random stream */
  gc_difficulty difficulty;
  int max_tries;          /* fresh random solutions before giving up
                             (0 = GC_GEN_TRIES, or GC_GEN_TRIES_AIMED when
                             a difficulty or level is asked for) */
  /* One of the genre's level names (gc_genre_levels; the labels of
     gc_rate): a puzzle graded exactly that, made as Tatham's generators
     make theirs (clues removed while the techniques up to that level
     still solve it, then a fresh solution until it needs that level);
     NULL: difficulty above decides. */
  const char *level;
  /* Called now and then (at every try and every SAT call) from the thread
     that generates, with the work so far (tries, calls, ms); it does not
     change the puzzle.  May be NULL. */
  void (*progress)(void *ctx, const struct gc_gen_info *so_far);
  void *progress_ctx;
  /* Threads one puzzle may use (0 or 1: the calling thread alone).  The
     puzzle is the same for any count: a difficulty or level asked for
     runs its tries (fresh starts, each with its own random stream) at
     once, and otherwise a Star Battle made whole its attempts (in a run
     of several puzzles, their own threads are the better use). */
  int threads;
  /* Optional: threads the caller has idle, lent while the puzzle is made
     (the end of a batch, when fewer puzzles are left than threads).
     borrow returns 1 when one more thread may run now, 0 when none; each
     thread borrowed is given back by give_back when it is done, before
     gc_generate returns.  The puzzle is the same whatever they say.
     May be NULL. */
  int (*borrow)(void *pool);
  void (*give_back)(void *pool);
  void *pool;
} gc_gen_params;

enum { GC_GEN_LEVELS = 8 }; /* gc_gen_info.graded */

typedef struct gc_gen_info {
  int tries;         /* random solutions (Star Battle: star layouts) used,
                        to the one that made the puzzle (the same for any
                        gc_gen_params.threads); in the progress callback,
                        the tries begun so far */
  long perturbs;     /* Star Battle: region changes made */
  long calls;        /* SAT calls (and propagation checks) made */
  int clues_full;    /* clues and givens of the full puzzle */
  int clues_kept;    /* ... left in the result */
  double ms;
  int level;         /* the result's grade as rate labels it (an index
                        into gc_genre_levels), -1 when not graded: a genre
                        without steps, or the time ran out */
  long attempts;     /* Star Battle: attempts at a star layout and its
                        regions, to the one that made the puzzle (the same
                        for any gc_gen_params.threads); in the progress
                        callback, the attempts begun so far */
  int graded[GC_GEN_LEVELS]; /* a level asked for whose tries are graded
                        whole (Star Battle; the top level of the others):
                        the tries whose puzzle graded each level (an index
                        into gc_genre_levels), the one made included */
} gc_gen_info;

/* A random puzzle of the genre with a unique solution: a random solution,
   every clue and given it has, then clues removed one after another in a
   random order while the solution stays unique (one incremental solver,
   every clue behind a selector literal).  Star Battle builds random
   regions around a random star layout instead and changes them until the
   solution is unique.  The result has the id "gen-GENRE-N-sSEED-INDEX",
   its solution as the known one, and was re-read from its JSON record and
   proven unique by gc_solve on a fresh solver.  The same parameters give
   the same puzzle: it depends on the seed and the index only, not on the
   puzzles made before it nor on the thread that makes it.  Returns 0 with
   *out (free it); 1 when the time limit or an interrupt stopped it (*out
   NULL); 2 when no puzzle was made in max_tries (the difficulty was not
   reached; err says so); -1 with err (parameters the genre cannot make:
   GC_E_RANGE; a genre without a generator: GC_E_UNSUPPORTED). */
int gc_generate(const gc_genre *genre, const gc_gen_params *p,
                const gc_options *opt, const gc_limits *lim, gc_puzzle **out,
                gc_gen_info *info, gc_error *err);

/* 1 when gc_generate is known, by measurement, to take minutes or more
   per puzzle of p, and may take hours (Star Battle grids made whole from
   22x22 with 3 stars, 23x23 with 4, 26x26 with 5, 29x29 with 6, 32x32
   with 7 and 36x36 with 8 on; see docs/guide.md, "Generating and rating
   puzzles"), so that a caller can say so and offer a time
   limit; 0 when not, or not known. */
int gc_generate_slow(const gc_genre *genre, const gc_gen_params *p);

/* info->graded as text into buf, hardest level first: "expert 31, hard
   14, medium 5"; "" when no try was graded. */
void gc_gen_graded_text(const gc_genre *genre, const gc_gen_info *info,
                        char *buf, size_t size);

/* A difficulty rating (see README, "rate"): the grade comes from the
   step path (gc_steps): the hardest technique a person needs, how many
   such steps, how big their reasons are, whether lookahead or search is
   needed.  The solver's own work is measured too. */
typedef struct gc_rating {
  gc_status status;      /* UNIQUE, MULTIPLE, NONE or UNKNOWN (stopped) */
  int cells;             /* n * n */
  int up_cells;          /* cells that unit propagation alone decides */
  int probe_cells;       /* ... with failed-literal probing on the cell
                            literals, repeated to a fixpoint */
  int probe_rounds;      /* probing rounds that decided something */
  long conflicts_solve;  /* CaDiCaL's learned clauses (one per conflict)
                            to find the solution */
  long conflicts_unique; /* ... then to prove that there is no other */
  double score;          /* 0 .. 100: 100 (level + f) / levels, f in [0, 1)
                            growing with the harder steps and their
                            reasons */
  const char *label;     /* the genre's level name (Skyscrapers: Tatham's
                            Towers levels easy, hard, extreme,
                            unreasonable; Futoshiki: Unequal's trivial,
                            easy, tricky, extreme, recursive; Star Battle:
                            easy, medium, hard, expert); NULL unless the
                            status is UNIQUE */
  double ms;
  /* From the path: */
  int level;             /* index of label among levels (-1: none) */
  const char *const *levels; /* the genre's level names, NULL-terminated */
  int steps;             /* steps of the path */
  int hard_steps;        /* deductions at the grade's level or above */
  const char *technique; /* the technique of the hardest step (NULL: none) */
  int lookahead;         /* steps found by lookahead or search */
  int max_reason;        /* items in the largest reason of those steps */
  long unproven;         /* items of all the path's reasons kept without
                            proof (gc_step.unproven): 0, or the reasons and
                            max_reason may be larger than minimal */
} gc_rating;

/* Rates pz: its step path (techniques, reasons), then propagation and
   probing on its CNF (our own propagator, so that it is exact and
   deterministic) and CaDiCaL with a learned-clause counter for the
   search.  The same puzzle and options give the same numbers (but ms).
   0, or -1 with err. */
int gc_rate(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
            gc_rating *rating, gc_error *err);

/*------------------------------------------------------------------------*/
/* DIMACS out and back.                                                    */

/* Writes the CNF of pz, with "c gridcnf" comment lines that name the genre,
   the options and the variable blocks.  With block != NULL, also writes the
   clause that excludes that solution (UNSAT then certifies uniqueness).
   Returns a malloc'd string in *text and its length, or -1 with err. */
int gc_dimacs(const gc_puzzle *pz, const gc_options *opt, const gc_grid *block,
              char **text, size_t *len, gc_error *err);
/* gc_dimacs within the size limits of lim (max_vars, max_clauses; its
   other fields are not used; NULL: none): a formula larger than them is
   refused with GC_E_TOO_LARGE before any text is made, as gc_solve refuses
   it.  The blocking clause does not count against them. */
int gc_dimacs_limited(const gc_puzzle *pz, const gc_options *opt,
                      const gc_limits *lim, const gc_grid *block, char **text,
                      size_t *len, gc_error *err);

/* Reads an external solver's answer: "s SATISFIABLE" with "v" lines (the
   SAT competition's form: CaDiCaL, Kissat, ...) or MiniSat's result file
   ("SAT" then the literals).  *sat: 1 SAT, 0 UNSAT, -1 unknown/indeterminate.
   The model is returned as values[1..nvars] in {-1, 0, 1} (0: not given).
   A variable given both true and false is an error (GC_E_CONTRADICTION,
   with the line and column of the second literal). */
int gc_model_read(const char *data, size_t len, const char *source, int *sat,
                  signed char **values, int *nvars, gc_error *err);

/* Turns a model of pz's CNF (as gc_dimacs wrote it with opt) into a grid and
   checks it.  Returns 0, or -1 with err (a model that breaks the puzzle's
   rules, or does not fit its CNF). */
int gc_decode(const gc_puzzle *pz, const gc_options *opt,
              const signed char *values, int nvars, gc_grid *out,
              gc_error *err);

#ifdef __cplusplus
}
#endif

#endif
