// libpng's simplified API (png_image_*), which reads a PNG from memory into 8-bit RGBA and
// reports a damaged file as an error instead of jumping out of the caller; the release link
// takes Debian's static archive (libpng-dev has libpng16.a, which needs zlib's).
#include <png.h>

// PNG_IMAGE_FAILED and the format macros do not import into Swift.
static inline int tui_png_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image) ? 1 : 0; }
static inline png_uint_32 tui_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 tui_png_version(void) { return PNG_IMAGE_VERSION; }
