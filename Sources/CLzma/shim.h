// liblzma (XZ Utils), which unpacks the built-in tour's files compressed into the binary; the
// release link takes its static archive, as it does for ICU's data.
#include <lzma.h>
