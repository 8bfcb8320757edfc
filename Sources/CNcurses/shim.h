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
static inline int mbml_color_pairs(void) { return COLOR_PAIRS; }
static inline int mbml_key_resize(void) { return KEY_RESIZE; }
static inline int mbml_key_mouse(void) { return KEY_MOUSE; }
/* C's stdout stream: Swift 6 refuses to read the global `stdout` variable. */
static inline int mbml_flush_stdout(void) { return fflush(stdout); }

/* Style flags used by mbml_set_style and mbml_set_background. */
#define MBML_BOLD 1
#define MBML_UNDERLINE 2
#define MBML_REVERSE 4
#define MBML_DIM 8
#define MBML_ITALIC 16

static inline attr_t mbml_attributes(int flags) {
    attr_t a = A_NORMAL;
    if (flags & MBML_BOLD) a |= A_BOLD;
    if (flags & MBML_UNDERLINE) a |= A_UNDERLINE;
    if (flags & MBML_REVERSE) a |= A_REVERSE;
    if (flags & MBML_DIM) a |= A_DIM;
#ifdef A_ITALIC
    if (flags & MBML_ITALIC) a |= A_ITALIC;
#endif
    return a;
}

/* Sets the attributes and colour pair used by the next writes to stdscr. */
static inline void mbml_set_style(short pair, int flags) {
    attr_set(mbml_attributes(flags), pair, NULL);
}

/* Sets the style blank cells of stdscr take when erased. */
static inline void mbml_set_background(short pair, int flags) {
    bkgdset((chtype)(' ' | mbml_attributes(flags) | COLOR_PAIR(pair)));
}

/* Turns reporting of button presses and the wheel on or off. */
static inline void mbml_mouse_enable(int on) {
    mmask_t old;
    mouseinterval(0);
    mousemask(on ? (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
                    | BUTTON5_PRESSED
#endif
                   ) : 0, &old);
}

/* Reads the pending mouse event: returns 1 for a press, 4 wheel up, 5 wheel down, 0 other. */
static inline int mbml_read_mouse(int *y, int *x) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *y = event.y;
    *x = event.x;
    if (event.bstate & BUTTON4_PRESSED) return 4;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 5;
#endif
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    return 0;
}
#endif
