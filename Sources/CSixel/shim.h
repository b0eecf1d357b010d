// libsixel (Debian's libsixel-dev, static archive for the release build): a picture's pixels
// into a sixel image on a palette of at most 256 colours that libsixel chooses.
#include <sixel/sixel.h>
#include <stdlib.h>
#include <string.h>

/// The encoded bytes, grown as libsixel hands them over.
typedef struct {
    char *data;
    size_t size;
    size_t capacity;
    int failed;
} tui_sixel_buffer;

static int tui_sixel_append(char *data, int size, void *context) {
    tui_sixel_buffer *buffer = (tui_sixel_buffer *)context;
    if (buffer->failed || size <= 0) return 0;
    if (buffer->size + (size_t)size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 65536;
        while (capacity < buffer->size + (size_t)size) capacity *= 2;
        char *grown = (char *)realloc(buffer->data, capacity);
        if (!grown) { buffer->failed = 1; return 0; }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, (size_t)size);
    buffer->size += (size_t)size;
    return size;
}

/// Encodes `width` x `height` pixels of 8-bit RGB (rows top to bottom) into `buffer`, which
/// the caller frees with `tui_sixel_free`. Returns 0 on success.
static inline int tui_sixel_encode_rgb(unsigned char *pixels, int width, int height, tui_sixel_buffer *buffer) {
    sixel_output_t *output = NULL;
    sixel_dither_t *dither = NULL;
    int result = -1;
    if (SIXEL_FAILED(sixel_output_new(&output, tui_sixel_append, buffer, NULL))) return -1;
    if (SIXEL_SUCCEEDED(sixel_dither_new(&dither, 256, NULL))
        && SIXEL_SUCCEEDED(sixel_dither_initialize(dither, pixels, width, height, SIXEL_PIXELFORMAT_RGB888,
                                                   SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO))
        && SIXEL_SUCCEEDED(sixel_encode(pixels, width, height, 3, dither, output)) && !buffer->failed) {
        result = 0;
    }
    if (dither) sixel_dither_unref(dither);
    sixel_output_unref(output);
    return result;
}

static inline void tui_sixel_free(tui_sixel_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}
