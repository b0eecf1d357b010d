// GNU gettext as glibc has it (libintl.h): message catalogs in the .mo files msgfmt compiles
// from po/, looked up by the C library rather than by a reader of our own.
#include <libintl.h>
#include <locale.h>
