// libvterm (Debian's libvterm-dev, static archive for the release build): a terminal
// emulator's screen, fed the bytes of a recording, read back cell by cell.
#include <vterm.h>
#include <string.h>

/// Replies the terminal would send to the program (device attributes, cursor reports): a
/// recording has no program to answer, so they are dropped.
static void tui_vterm_discard_output(const char *bytes, size_t length, void *context) {
    (void)bytes;
    (void)length;
    (void)context;
}

/// A UTF-8 terminal of `rows` x `columns` with an alternate screen, as xterm is; NULL when
/// memory runs out.
static inline VTerm *tui_vterm_new(int rows, int columns) {
    VTerm *terminal = vterm_new(rows, columns);
    if (!terminal) return NULL;
    vterm_set_utf8(terminal, 1);
    vterm_output_set_callback(terminal, tui_vterm_discard_output, NULL);
    VTermScreen *screen = vterm_obtain_screen(terminal);
    vterm_screen_enable_altscreen(screen, 1);
    vterm_screen_reset(screen, 1);
    return terminal;
}

/// Colour kinds of `tui_vterm_cell`.
#define TUI_VTERM_DEFAULT 0
#define TUI_VTERM_INDEXED 1
#define TUI_VTERM_RGB 2

/// One cell without bit-fields or unions, which Swift reads poorly. `chars` holds the
/// character and its combining marks, zero-terminated (all zero for a blank cell);
/// `chars[0]` is 0xFFFFFFFF for the right half of a wide character.
typedef struct {
    uint32_t chars[VTERM_MAX_CHARS_PER_CELL + 1];
    int width;
    int bold, underline, italic, reverse;
    int foreground_kind, background_kind;
    uint8_t foreground[3], background[3];
    uint8_t foreground_index, background_index;
} tui_vterm_cell;

static inline void tui_vterm_read_color(const VTermColor *color, int is_default, int *kind, uint8_t rgb[3],
                                        uint8_t *index) {
    if (is_default) {
        *kind = TUI_VTERM_DEFAULT;
    } else if (VTERM_COLOR_IS_INDEXED(color)) {
        *kind = TUI_VTERM_INDEXED;
        *index = color->indexed.idx;
    } else {
        *kind = TUI_VTERM_RGB;
        rgb[0] = color->rgb.red;
        rgb[1] = color->rgb.green;
        rgb[2] = color->rgb.blue;
    }
}

/// The cell at `row`, `column` of the screen; 0 when the position is off the screen.
static inline int tui_vterm_read_cell(VTerm *terminal, int row, int column, tui_vterm_cell *out) {
    VTermScreenCell cell;
    VTermPos position = {row, column};
    memset(out, 0, sizeof *out);
    if (!vterm_screen_get_cell(vterm_obtain_screen(terminal), position, &cell)) return 0;
    for (int index = 0; index < VTERM_MAX_CHARS_PER_CELL && cell.chars[index]; index++) {
        out->chars[index] = cell.chars[index];
        if (cell.chars[index] == (uint32_t)-1) break;
    }
    out->width = cell.width;
    out->bold = cell.attrs.bold;
    out->underline = cell.attrs.underline != VTERM_UNDERLINE_OFF;
    out->italic = cell.attrs.italic;
    out->reverse = cell.attrs.reverse;
    tui_vterm_read_color(&cell.fg, VTERM_COLOR_IS_DEFAULT_FG(&cell.fg), &out->foreground_kind, out->foreground,
                         &out->foreground_index);
    tui_vterm_read_color(&cell.bg, VTERM_COLOR_IS_DEFAULT_BG(&cell.bg), &out->background_kind, out->background,
                         &out->background_index);
    return 1;
}
