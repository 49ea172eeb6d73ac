/*
 * svg.h: drawing helpers for the genres' SVG pictures (`gridcnf render
 * --svg`).  Every genre draws on a square grid of `cell` pixels whose top
 * left corner is at (x0, y0); the helpers write SVG elements into a
 * gc_strbuf (an allocation failure is sticky: gc_sb_finish then gives NULL).
 *
 * The class names are the contract that tests and style sheets rely on:
 *   clue          one <text> per clue outside the grid
 *   given         one <text> per given digit
 *   solution      one <text> per solved digit (cells that were not given)
 *   star          one <polygon> per star
 *   sign          one <polyline> per inequality sign
 *   adjacent      one <line> per Adjacent-mode mark (consecutive digits)
 *   region-border one <line> per unit edge between two neighbouring cells of
 *                 different regions (the outer frame is not counted: it is
 *                 the single <rect class="frame">)
 *   box-border    one <line> per unit edge between two neighbouring cells of
 *                 different Sudoku boxes (frame not counted either)
 *   grid, frame, no-region, cell: the thin lines, the outer frame, the
 *                 shading of a cell in no region, a Futoshiki cell's box.
 *   title, legend the lines above and under the drawing (gc_svg_page).
 * A step's picture (render --svg --step K) adds:
 *   focus         one <rect> under the step's cell
 *   reason        one <rect> under each cell its reason names (a given,
 *                 an earlier result)
 *   reason-unit   one <rect> under each cell of a row, column, region or
 *                 box its reason names
 *   reason-clue   one <circle> around each clue its reason names
 *   reason-sign   one <polyline> over each sign its reason names
 *   elim          one <text> in the step's cell: the digits it rules out
 */
#ifndef GC_GENRES_SVG_H
#define GC_GENRES_SVG_H

#include "../formats/strbuf.h"
#include "gridcnf.h"

/* The XML declaration, the <svg> element of width x height pixels, a
   <title> (title escaped; NULL: none), the style sheet and a white
   background. */
void gc_svg_begin(gc_strbuf *b, int width, int height, const char *title);
/* Closes the document. */
void gc_svg_end(gc_strbuf *b);

/* Writes s with &, <, >, " and ' escaped, and bytes that XML 1.0 does not
   allow (control characters) left out. */
void gc_svg_escape(gc_strbuf *b, const char *s);

/* The n-1 thin lines each way (class "grid") of an n x n grid. */
void gc_svg_grid_lines(gc_strbuf *b, double x0, double y0, int n, double cell);
/* The outer frame of an n x n grid: one <rect class="frame">. */
void gc_svg_frame(gc_strbuf *b, double x0, double y0, int n, double cell);
/* One <line class="cls"> per unit edge between neighbouring cells whose
   labels differ (label: n x n, row-major); returns how many. */
int gc_svg_borders(gc_strbuf *b, double x0, double y0, int n, double cell,
                   const int *label, const char *cls);

/* A <rect class="cls"> of w x h at (x, y). */
void gc_svg_rect(gc_strbuf *b, const char *cls, double x, double y, double w,
                 double h);
/* A <line class="cls">. */
void gc_svg_line(gc_strbuf *b, const char *cls, double x1, double y1,
                 double x2, double y2);
/* A <polyline class="cls"> through n points (xy: x1, y1, x2, y2, ...). */
void gc_svg_polyline(gc_strbuf *b, const char *cls, const double *xy, int n);
/* A <text class="cls"> of the given font size, centred on (cx, cy). */
void gc_svg_text(gc_strbuf *b, const char *cls, double cx, double cy,
                 double size, const char *text);
/* gc_svg_text of a number. */
void gc_svg_number(gc_strbuf *b, const char *cls, double cx, double cy,
                   double size, int v);
/* A <circle class="cls"> of radius r centred on (cx, cy). */
void gc_svg_circle(gc_strbuf *b, const char *cls, double cx, double cy,
                   double r);
/* A five-pointed star (<polygon class="cls">) of outer radius r centred
   on (cx, cy). */
void gc_svg_star(gc_strbuf *b, const char *cls, double cx, double cy,
                 double r);

/* A picture meant to be printed and solved on paper: a title above the
   drawing (class "title": the puzzle's id and genre, Star Battle's star
   count) and a legend under it (class "legend": the rules in a sentence or
   two), both wrapped to the picture's width, which is at least 300 pixels
   (the drawing centred).  gc_svg_page_begin writes gc_svg_begin (the
   <title> element holds the title too) and the title, and says in pg where
   the drawing goes; gc_svg_page_end writes the legend and closes the
   document.  legend must live until then. */
typedef struct gc_svg_page {
  double dx, dy;        /* add to the drawing's coordinates */
  int width, height;    /* the whole picture */
  double legend_y;      /* the first legend line's middle */
  const char *legend;
  int legend_chars;     /* a legend line's length at most */
} gc_svg_page;
void gc_svg_page_begin(gc_strbuf *b, gc_svg_page *pg, double draw_w,
                       double draw_h, const char *title, const char *legend);
void gc_svg_page_end(gc_strbuf *b, const gc_svg_page *pg);
/* "ID · Name N×N" (or "Name N×N" without an id) into buf. */
void gc_svg_title(char *buf, size_t size, const char *id, const char *name,
                  int n);
/* Shading under a step's picture: the cells of the rows, columns, regions
   and boxes its reason names ("reason-unit"), the cells it names
   ("reason"), its own cell ("focus").  Cell (r, c) is the square of side
   pitch - 2 inset at (x0 + c pitch + inset, y0 + r pitch + inset).
   region: the n x n region ids (NULL: none); br x bc boxes (0: none). */
void gc_svg_step_cells(gc_strbuf *b, const gc_step *st, int n, double x0,
                       double y0, double pitch, double inset,
                       const int *region, int br, int bc);
/* An elimination step's digits, small, at the foot of its cell ("elim";
   the cell as for gc_svg_step_cells). */
void gc_svg_step_elim(gc_strbuf *b, const gc_step *st, double x0, double y0,
                      double pitch, double inset);

#endif
