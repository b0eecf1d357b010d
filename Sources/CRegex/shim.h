// POSIX extended regular expressions from the C library (glibc's regcomp and regexec), for the
// patterns a deck's text questions give. Without back-references glibc matches with automata,
// in time linear in the text: no pattern can make it backtrack for minutes.
#include <locale.h>
#include <regex.h>
#include <stdlib.h>

// Patterns and answers are UTF-8 whatever the process's locale: each call switches the
// calling thread alone to C.UTF-8 and back, so `.` is a character, not a byte.
static inline locale_t cregex_utf8_locale(void) {
    static locale_t utf8 = (locale_t)0;
    // A race makes two locales, one of which is never freed: harmless, and it happens once.
    if (utf8 == (locale_t)0) utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    return utf8;
}

/// Compiles `pattern` as an extended expression that reports no submatches; 0 or regcomp's code.
static inline int cregex_compile(regex_t *compiled, const char *pattern) {
    locale_t utf8 = cregex_utf8_locale();
    locale_t previous = utf8 ? uselocale(utf8) : (locale_t)0;
    int code = regcomp(compiled, pattern, REG_EXTENDED | REG_NOSUB);
    if (utf8) uselocale(previous);
    return code;
}

/// 1 when `text` holds a match of the compiled pattern, 0 when not.
static inline int cregex_matches(const regex_t *compiled, const char *text) {
    locale_t utf8 = cregex_utf8_locale();
    locale_t previous = utf8 ? uselocale(utf8) : (locale_t)0;
    int code = regexec(compiled, text, 0, NULL, 0);
    if (utf8) uselocale(previous);
    return code == 0 ? 1 : 0;
}

static inline regex_t *cregex_allocate(void) { return (regex_t *)calloc(1, sizeof(regex_t)); }
