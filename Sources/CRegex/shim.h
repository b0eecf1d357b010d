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

/// Compiles `pattern`, matches `text` and frees what was built: 1 for a match, 0 for none,
/// -1 when the pattern does not compile. Nothing glibc builds outlives the call, so the states
/// one answer makes it build never pile up on top of the next answer's.
static inline int cregex_match_once(const char *pattern, const char *text) {
    regex_t compiled;
    if (cregex_compile(&compiled, pattern) != 0) return -1;
    int matched = cregex_matches(&compiled, text);
    regfree(&compiled);
    return matched;
}

static inline regex_t *cregex_allocate(void) { return (regex_t *)calloc(1, sizeof(regex_t)); }
