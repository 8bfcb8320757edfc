#ifndef MBML_CNCURSES_SHIM_H
#define MBML_CNCURSES_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Macros Swift cannot import, wrapped as functions. */
static inline int mbml_color_pair(int n) { return COLOR_PAIR(n); }
static inline int mbml_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int mbml_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline WINDOW *mbml_stdscr(void) { return stdscr; }
static inline int mbml_colors(void) { return COLORS; }
static inline int mbml_key_resize(void) { return KEY_RESIZE; }
#endif
