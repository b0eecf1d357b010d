#ifndef TUI_ONBOARD_CNCURSES_SHIM_H
#define TUI_ONBOARD_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so the wide API must be switched on here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// C globals and function-like macros do not import into Swift 6; these accessors do.
static inline WINDOW *tui_stdscr(void) { return stdscr; }
static inline WINDOW *tui_curscr(void) { return curscr; }
static inline int tui_lines(void) { return LINES; }
static inline int tui_cols(void) { return COLS; }
static inline int tui_colors(void) { return COLORS; }
static inline int tui_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t tui_attr_normal(void) { return A_NORMAL; }
static inline attr_t tui_attr_bold(void) { return A_BOLD; }
static inline attr_t tui_attr_dim(void) { return A_DIM; }
static inline attr_t tui_attr_reverse(void) { return A_REVERSE; }
static inline attr_t tui_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tui_attr_italic(void) { return A_ITALIC; }
static inline attr_t tui_attr_color(void) { return A_COLOR; }

static inline int tui_key_code_yes(void) { return KEY_CODE_YES; }
static inline int tui_err(void) { return ERR; }
static inline int tui_ok(void) { return OK; }

static inline mmask_t tui_mouse_all_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t tui_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tui_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tui_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tui_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tui_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t tui_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

/// Writes one cell: a grapheme of up to CCHARW_MAX scalars with attributes and an extended
/// colour pair. Done in C so one cell costs one call across the boundary.
static inline int tui_put_cell(WINDOW *win, int y, int x, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, 0, &pair) != OK) {
        return ERR;
    }
    return mvwadd_wch(win, y, x, &cell);
}

/// Where tui_attribute_bytes collects its bytes: vid_puts takes a function of one character
/// only. One screen on one thread uses it, set just before each call. (A static inside a
/// function: Swift does not define a header's static variables.)
typedef struct {
    char *bytes;
    size_t count;
    size_t capacity;
} tui_byte_sink;
static inline tui_byte_sink *tui_attribute_sink(void) {
    static tui_byte_sink sink;
    return &sink;
}
static inline int tui_collect_attribute_byte(int byte) {
    tui_byte_sink *sink = tui_attribute_sink();
    if (sink->count < sink->capacity) sink->bytes[sink->count++] = (char)byte;
    return byte;
}

/// Puts into `out` (at most `capacity` bytes) the terminfo sequences that switch the terminal
/// to `attrs` in colour pair `pair`, as ncurses would for a cell, and tells ncurses the
/// terminal is now in them. Returns how many bytes it put.
static inline size_t tui_attribute_bytes(attr_t attrs, int pair, char *out, size_t capacity) {
    tui_byte_sink *sink = tui_attribute_sink();
    sink->bytes = out;
    sink->count = 0;
    sink->capacity = capacity;
    vid_puts(attrs, 0, &pair, tui_collect_attribute_byte);
    return sink->count;
}

/// Makes the window's blanks, those an erase makes, spaces in `attrs` and `pair`, and erases
/// it: every cell becomes that blank. (wbkgrnd would keep what is written, but compares every
/// cell with the old background on the way: 216K instructions for an 80x24 window, against 12K.)
static inline int tui_set_blank(WINDOW *win, attr_t attrs, int pair) {
    cchar_t blank;
    const wchar_t space[2] = { L' ', 0 };
    if (setcchar(&blank, space, attrs, 0, &pair) != OK) {
        return ERR;
    }
    wbkgrndset(win, &blank);
    return werase(win);
}

/// Reads one cell back (for off-screen tests): the text into `text` (CCHARW_MAX + 1 slots),
/// its attributes and colour pair.
static inline int tui_read_cell(WINDOW *win, int y, int x, wchar_t *text, attr_t *attrs, int *pair) {
    cchar_t cell;
    if (mvwin_wch(win, y, x, &cell) != OK) {
        return ERR;
    }
    short shortPair = 0;
    int result = getcchar(&cell, text, attrs, &shortPair, pair);
    return result;
}

static inline int tui_ccharw_max(void) { return CCHARW_MAX; }

/// Tells ncurses the terminal already shows cell (y, x) as the next update would draw it: the
/// cell is copied from newscr (where wnoutrefresh put it) into curscr, ncurses' picture of the
/// terminal, so doupdate writes nothing there. The cursors of both are left where they were:
/// curscr's is where ncurses believes the terminal's cursor is, newscr's where it puts it.
static inline int tui_mark_cell_drawn(int y, int x) {
    cchar_t cell;
    int cursorY = getcury(curscr), cursorX = getcurx(curscr);
    int nextY = getcury(newscr), nextX = getcurx(newscr);
    int result = mvwin_wch(newscr, y, x, &cell);
    if (result == OK) {
        // The bottom right cell is written, but the cursor cannot advance past it: ERR then.
        (void)mvwadd_wch(curscr, y, x, &cell);
    }
    wmove(curscr, cursorY, cursorX);
    wmove(newscr, nextY, nextX);
    return result;
}

/// glibc's own column width of a character, which ncurses places characters by. Swift's Glibc
/// module leaves it out (it needs _XOPEN_SOURCE); the tests hold the core's width table to it.
int wcwidth(wchar_t c);

/// A C.UTF-8 locale for `uselocale`, so that a test can ask `wcwidth` about Unicode on its own
/// thread without changing the process's locale; NULL when the locale is missing.
static inline locale_t tui_new_utf8_locale(void) { return newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0); }

static inline FILE *tui_fopen(const char *path, const char *mode) { return fopen(path, mode); }


static inline int tui_is_utf8_codeset(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

static inline int tui_key_resize(void) { return KEY_RESIZE; }
static inline int tui_key_mouse(void) { return KEY_MOUSE; }


#endif
