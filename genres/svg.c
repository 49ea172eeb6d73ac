/* svg.c: the SVG drawing helpers shared by the genres (see svg.h). */
#include "svg.h"

#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

void gc_svg_begin(gc_strbuf *b, int width, int height, const char *title) {
  gc_sb_printf(b,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
               "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
               width, height, width, height);
  if (title) {
    gc_sb_put(b, "<title>");
    gc_svg_escape(b, title);
    gc_sb_put(b, "</title>\n");
  }
  gc_sb_put(b,
            "<style>\n"
            "text { font-family: DejaVu Sans, Arial, Helvetica, sans-serif; "
            "text-anchor: middle; }\n"
            ".grid { stroke: #9a9a9a; stroke-width: 1; }\n"
            ".frame { fill: none; stroke: #000; stroke-width: 3; }\n"
            ".region-border, .box-border { stroke: #000; stroke-width: 3; "
            "stroke-linecap: square; }\n"
            ".no-region { fill: #c8c8c8; }\n"
            ".cell { fill: #fff; stroke: #000; stroke-width: 1.5; }\n"
            ".clue { fill: #000; }\n"
            ".given { fill: #000; font-weight: bold; }\n"
            ".solution { fill: #1c5fb0; }\n"
            ".star { fill: #1c5fb0; }\n"
            ".sign { fill: none; stroke: #000; stroke-width: 2; "
            "stroke-linecap: round; stroke-linejoin: round; }\n"
            ".title { fill: #000; font-weight: bold; }\n"
            ".legend { fill: #333; }\n"
            ".focus { fill: #ffd84d; }\n"
            ".reason { fill: #ffb27a; }\n"
            ".reason-unit { fill: #dde8fb; }\n"
            ".reason-clue { fill: none; stroke: #d9480f; stroke-width: 3; }\n"
            ".reason-sign { fill: none; stroke: #d9480f; stroke-width: 3.5; "
            "stroke-linecap: round; stroke-linejoin: round; }\n"
            ".decided { fill: #9a9a9a; }\n"
            ".elim { fill: #c92a2a; font-style: italic; }\n"
            ".adjacent { stroke: #000; stroke-width: 5; "
            "stroke-linecap: butt; }\n"
            "</style>\n");
  gc_sb_printf(b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n",
               width, height);
}

void gc_svg_end(gc_strbuf *b) { gc_sb_put(b, "</svg>\n"); }

/* Length of the valid UTF-8 sequence at s, 0 when it is not one. */
static size_t utf8_len(const unsigned char *s) {
  size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
                : s[0] >= 0xe0 && s[0] <= 0xef                ? 3
                : s[0] >= 0xf0 && s[0] <= 0xf4                ? 4
                                                               : 0;
  for (size_t i = 1; i < len; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  if (len == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0)))
    return 0; /* overlong, or a surrogate */
  if (len == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90)))
    return 0; /* overlong, or above U+10FFFF */
  return len;
}

void gc_svg_escape(gc_strbuf *b, const char *text) {
  const unsigned char *s = (const unsigned char *)text;
  while (*s) {
    switch (*s) {
    case '&': gc_sb_put(b, "&amp;"); s++; continue;
    case '<': gc_sb_put(b, "&lt;"); s++; continue;
    case '>': gc_sb_put(b, "&gt;"); s++; continue;
    case '"': gc_sb_put(b, "&quot;"); s++; continue;
    case '\'': gc_sb_put(b, "&apos;"); s++; continue;
    default: break;
    }
    if (*s < 0x20 && *s != '\t' && *s != '\n' && *s != '\r') {
      s++; /* not allowed in XML 1.0, not even as a reference */
      continue;
    }
    size_t len = utf8_len(s);
    if (!len) {
      gc_sb_put(b, "?");
      s++;
      continue;
    }
    gc_sb_putn(b, (const char *)s, len);
    s += len;
  }
}

void gc_svg_grid_lines(gc_strbuf *b, double x0, double y0, int n, double cell) {
  double side = n * cell;
  for (int i = 1; i < n; i++) {
    gc_svg_line(b, "grid", x0, y0 + i * cell, x0 + side, y0 + i * cell);
    gc_svg_line(b, "grid", x0 + i * cell, y0, x0 + i * cell, y0 + side);
  }
}

void gc_svg_frame(gc_strbuf *b, double x0, double y0, int n, double cell) {
  gc_svg_rect(b, "frame", x0, y0, n * cell, n * cell);
}

int gc_svg_borders(gc_strbuf *b, double x0, double y0, int n, double cell,
                   const int *label, const char *cls) {
  int count = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int k = label[r * n + c];
      double x = x0 + c * cell, y = y0 + r * cell;
      if (c + 1 < n && label[r * n + c + 1] != k) { /* right edge */
        gc_svg_line(b, cls, x + cell, y, x + cell, y + cell);
        count++;
      }
      if (r + 1 < n && label[(r + 1) * n + c] != k) { /* bottom edge */
        gc_svg_line(b, cls, x, y + cell, x + cell, y + cell);
        count++;
      }
    }
  return count;
}

void gc_svg_rect(gc_strbuf *b, const char *cls, double x, double y, double w,
                 double h) {
  gc_sb_printf(b,
               "<rect class=\"%s\" x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\"/>\n",
               cls, x, y, w, h);
}

void gc_svg_line(gc_strbuf *b, const char *cls, double x1, double y1,
                 double x2, double y2) {
  gc_sb_printf(b, "<line class=\"%s\" x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\"/>\n",
               cls, x1, y1, x2, y2);
}

void gc_svg_polyline(gc_strbuf *b, const char *cls, const double *xy, int n) {
  gc_sb_printf(b, "<polyline class=\"%s\" points=\"", cls);
  for (int i = 0; i < n; i++)
    gc_sb_printf(b, "%s%.2f,%.2f", i ? " " : "", xy[2 * i], xy[2 * i + 1]);
  gc_sb_put(b, "\"/>\n");
}

void gc_svg_text(gc_strbuf *b, const char *cls, double cx, double cy,
                 double size, const char *text) {
  /* The baseline a little below the centre: digits are about 0.7 em high,
     so 0.36 em centres them (dominant-baseline is not honoured by every
     renderer). */
  gc_sb_printf(b, "<text class=\"%s\" x=\"%g\" y=\"%.1f\" font-size=\"%g\">",
               cls, cx, cy + 0.36 * size, size);
  gc_svg_escape(b, text);
  gc_sb_put(b, "</text>\n");
}

void gc_svg_number(gc_strbuf *b, const char *cls, double cx, double cy,
                   double size, int v) {
  char buf[16];
  snprintf(buf, sizeof buf, "%d", v);
  gc_svg_text(b, cls, cx, cy, size, buf);
}

void gc_svg_star(gc_strbuf *b, const char *cls, double cx, double cy,
                 double r) {
  const double pi = 3.14159265358979323846;
  double inner = r * 0.382; /* the regular star's inner radius */
  gc_sb_printf(b, "<polygon class=\"%s\" points=\"", cls);
  for (int i = 0; i < 10; i++) {
    double a = -pi / 2 + i * pi / 5, rr = i % 2 ? inner : r;
    gc_sb_printf(b, "%s%.2f,%.2f", i ? " " : "", cx + rr * cos(a),
                 cy + rr * sin(a) + r * 0.1);
  }
  gc_sb_put(b, "\"/>\n");
}

/*------------------------------------------------------------------------*/
/* Pages: a title and a legend around the drawing.                         */

enum { PAGE_MIN_WIDTH = 300, PAGE_MARGIN = 10 };
static const double title_size = 15, legend_size = 12.5;
static const double title_line = 20, legend_line = 16;

/* Characters of UTF-8 text (continuation bytes not counted). */
static size_t chars(const char *s, size_t len) {
  size_t k = 0;
  for (size_t i = 0; i < len; i++)
    k += ((unsigned char)s[i] & 0xc0) != 0x80;
  return k;
}

/* The next line of text of at most max characters, broken at a space
   (a longer word stands alone): its start and length; *p moves past it.
   0 when the text is used up. */
static int next_line(const char **p, int max, const char **start,
                     size_t *len) {
  const char *s = *p;
  while (*s == ' ' || *s == '\n')
    s++;
  if (!*s)
    return 0;
  size_t end = 0, fit = 0;
  for (;;) {
    size_t word = strcspn(s + end, " \n");
    if (fit && chars(s, end + word) > (size_t)max)
      break;
    end += word;
    fit = end;
    if (!s[end] || s[end] == '\n')
      break;
    end++; /* the space */
  }
  *start = s;
  *len = fit;
  *p = s + fit;
  return 1;
}

static int count_lines(const char *text, int max) {
  const char *p = text, *st;
  size_t len;
  int k = 0;
  while (text && next_line(&p, max, &st, &len))
    k++;
  return k;
}

/* Each line of text as a <text class="cls">, centred on x, from y down. */
static void write_lines(gc_strbuf *b, const char *cls, const char *text,
                        int max, double x, double y, double size,
                        double step) {
  const char *p = text, *st;
  size_t len;
  char line[512];
  while (text && next_line(&p, max, &st, &len)) {
    snprintf(line, sizeof line, "%.*s", (int)len, st);
    gc_svg_text(b, cls, x, y, size, line);
    y += step;
  }
}

/* The characters of text's longest word. */
static size_t longest_word(const char *text) {
  size_t best = 0;
  for (const char *p = text; p && *p;) {
    size_t len = strcspn(p, " \n");
    size_t k = chars(p, len);
    best = k > best ? k : best;
    p += len + (p[len] != 0);
  }
  return best;
}

/* How many characters fit in width at this font size (an average glyph
   of DejaVu Sans is about 0.55 em; bold a little more). */
static int fit_chars(double width, double size, double em) {
  int k = (int)(width / (size * em));
  return k < 12 ? 12 : k;
}

void gc_svg_page_begin(gc_strbuf *b, gc_svg_page *pg, double draw_w,
                       double draw_h, const char *title, const char *legend) {
  double width = draw_w < PAGE_MIN_WIDTH ? PAGE_MIN_WIDTH : draw_w;
  /* wide enough for the title's longest word (a long id) */
  double need = (double)longest_word(title) * title_size * 0.66 + 2 * PAGE_MARGIN;
  width = need > width ? need : width;
  int tmax = fit_chars(width - 2 * PAGE_MARGIN, title_size, 0.62);
  int lmax = fit_chars(width - 2 * PAGE_MARGIN, legend_size, 0.56);
  /* a title too long for one line breaks after the id (gc_svg_title) */
  char head[300];
  snprintf(head, sizeof head, "%s", title);
  char *dot = strstr(head, " \u00b7 ");
  if (dot && chars(head, strlen(head)) > (size_t)tmax) {
    dot[0] = '\n';
    memmove(dot + 1, dot + 1 + strlen("\u00b7 "), strlen(dot + 1 + strlen("\u00b7 ")) + 1);
  }
  int tl = count_lines(head, tmax), ll = count_lines(legend, lmax);
  double top = PAGE_MARGIN + tl * title_line;
  double bottom = ll ? ll * legend_line + PAGE_MARGIN : 0;
  pg->width = (int)(width + 0.5);
  pg->height = (int)(top + draw_h + bottom + 0.5);
  pg->dx = (pg->width - draw_w) / 2;
  pg->dy = top;
  pg->legend = legend;
  pg->legend_chars = lmax;
  pg->legend_y = top + draw_h + legend_line / 2;
  gc_svg_begin(b, pg->width, pg->height, title);
  write_lines(b, "title", head, tmax, pg->width / 2.0,
              PAGE_MARGIN + title_line / 2, title_size, title_line);
}

void gc_svg_page_end(gc_strbuf *b, const gc_svg_page *pg) {
  write_lines(b, "legend", pg->legend, pg->legend_chars, pg->width / 2.0,
              pg->legend_y, legend_size, legend_line);
  gc_svg_end(b);
}

void gc_svg_title(char *buf, size_t size, const char *id, const char *name,
                  int n) {
  if (id)
    snprintf(buf, size, "%s \u00b7 %s %d\u00d7%d", id, name, n, n);
  else
    snprintf(buf, size, "%s %d\u00d7%d", name, n, n);
}

void gc_svg_circle(gc_strbuf *b, const char *cls, double cx, double cy,
                   double r) {
  gc_sb_printf(b, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n",
               cls, cx, cy, r);
}

void gc_svg_step_cells(gc_strbuf *b, const gc_step *st, int n, double x0,
                       double y0, double pitch, double inset,
                       const int *region, int br, int bc) {
  for (int pass = 0; pass < 2; pass++)
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        int unit = 0, named = 0;
        for (size_t i = 0; i < st->nreason; i++) {
          const gc_item *it = &st->reason[i];
          switch (it->kind) {
          case GC_ITEM_ROW: unit |= it->index == r; break;
          case GC_ITEM_COLUMN: unit |= it->index == c; break;
          case GC_ITEM_REGION:
            unit |= region && region[r * n + c] == it->index;
            break;
          case GC_ITEM_BOX:
            unit |= br && (r / br) * (n / bc) + c / bc == it->index;
            break;
          case GC_ITEM_GIVEN:
          case GC_ITEM_CELL: named |= it->row == r && it->col == c; break;
          default: break;
          }
        }
        const char *cls = r == st->row && c == st->col ? "focus"
                          : named                      ? "reason"
                          : unit                       ? "reason-unit"
                                                       : NULL;
        /* units first, so that the cells named in them show on top */
        if (!cls || (pass == 0) != !strcmp(cls, "reason-unit"))
          continue;
        gc_svg_rect(b, cls, x0 + c * pitch + inset, y0 + r * pitch + inset,
                    pitch - 2 * inset, pitch - 2 * inset);
      }
}

void gc_svg_step_elim(gc_strbuf *b, const gc_step *st, double x0, double y0,
                      double pitch, double inset) {
  if (st->value >= 0 || !st->not_mask)
    return;
  char text[96] = "\xe2\x89\xa0"; /* U+2260 not equal */
  size_t at = strlen(text);
  int k = 0;
  for (int v = 0; v < 64 && at + 4 < sizeof text; v++)
    if (st->not_mask >> v & 1)
      at += (size_t)snprintf(text + at, sizeof text - at, "%s%d", k++ ? "," : "", v);
  double side = pitch - 2 * inset;
  gc_svg_text(b, "elim", x0 + (st->col + 0.5) * pitch,
              y0 + st->row * pitch + inset + side * 0.88, side * 0.3, text);
}
