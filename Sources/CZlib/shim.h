// zlib, which reads gzip-compressed event files for `report`; the release link takes its static
// archive (Debian's zlib1g-dev has libz.a), as it does for liblzma's.
#include <zlib.h>
