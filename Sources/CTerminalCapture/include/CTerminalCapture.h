#ifndef TUI_ONBOARD_TERMINAL_CAPTURE_H
#define TUI_ONBOARD_TERMINAL_CAPTURE_H

#include <stddef.h>
#include <stdio.h>

/// Receives a copy of every byte written to the captured descriptor, right after it was written.
typedef void (*tui_capture_sink)(void *context, const void *bytes, size_t count);

/// From now on, every successful write(2) to `descriptor` in this process (ncurses' own, which
/// go straight to its descriptor, and the stream's below) is also handed to `sink`.
void tui_capture_start(int descriptor, tui_capture_sink sink, void *context);

/// Stops handing writes to the sink.
void tui_capture_stop(void);

/// A stream for ncurses and the bytes written beside it: its writes go to `descriptor` with
/// write(2), so they are captured in order with ncurses' own, and fileno() names `descriptor`,
/// so ncurses sets the terminal's modes and reads its size there. fclose closes `descriptor`.
FILE *tui_capture_stream(int descriptor);

#endif
