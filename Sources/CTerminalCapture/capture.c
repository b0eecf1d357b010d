#define _GNU_SOURCE
#include "CTerminalCapture.h"

#include <errno.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

// ncurses keeps its own output buffer and writes it with write(2) on the descriptor of the
// stream it was given, never through the stream: a stream of our own (fopencookie) would see
// none of it. So this program defines write(2) itself: the dynamic linker binds ncurses' calls
// (and every other) to it, and it passes each one to the kernel unchanged, copying what went
// to the captured descriptor. Nothing is captured until tui_capture_start.
static int captured_descriptor = -1;
static tui_capture_sink capture_sink;
static void *capture_context;

ssize_t write(int descriptor, const void *bytes, size_t count) {
    ssize_t written = syscall(SYS_write, descriptor, bytes, count);
    if (written > 0 && descriptor == captured_descriptor && capture_sink != NULL) {
        int saved = errno;
        capture_sink(capture_context, bytes, (size_t)written);
        errno = saved;
    }
    return written;
}

void tui_capture_start(int descriptor, tui_capture_sink sink, void *context) {
    capture_sink = sink;
    capture_context = context;
    captured_descriptor = descriptor;
}

void tui_capture_stop(void) {
    captured_descriptor = -1;
    capture_sink = NULL;
    capture_context = NULL;
}

static ssize_t stream_write(void *cookie, const char *bytes, size_t count) {
    int descriptor = (int)(intptr_t)cookie;
    size_t done = 0;
    while (done < count) {
        ssize_t written = write(descriptor, bytes + done, count - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            // fopencookie: 0 (with errno set) is the error; a negative count is not allowed.
            return done > 0 ? (ssize_t)done : 0;
        }
        done += (size_t)written;
    }
    return (ssize_t)done;
}

static int stream_close(void *cookie) { return close((int)(intptr_t)cookie); }

FILE *tui_capture_stream(int descriptor) {
    cookie_io_functions_t functions = {.read = NULL, .write = stream_write, .seek = NULL, .close = stream_close};
    FILE *stream = fopencookie((void *)(intptr_t)descriptor, "w", functions);
    if (stream == NULL) return NULL;
    // glibc gives a cookie stream no descriptor; ncurses needs the terminal's.
    stream->_fileno = descriptor;
    return stream;
}
