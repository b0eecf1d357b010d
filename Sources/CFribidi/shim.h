// GNU FriBidi from Debian's libfribidi-dev (static archive for the release build): the Unicode
// Bidirectional Algorithm, mirroring and Arabic joining, nothing written by hand.
#include <fribidi/fribidi.h>

// The paragraph directions are macros built from other macros, which Swift does not import.
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType cfribidi_par_wltr(void) { return FRIBIDI_PAR_WLTR; }
static inline FriBidiParType cfribidi_par_wrtl(void) { return FRIBIDI_PAR_WRTL; }
static inline int cfribidi_is_rtl_type(FriBidiCharType type) { return FRIBIDI_IS_RTL(type) ? 1 : 0; }
static inline int cfribidi_is_explicit_or_isolate(FriBidiCharType type) {
    return (FRIBIDI_IS_EXPLICIT(type) || FRIBIDI_IS_ISOLATE(type)) ? 1 : 0;
}
static inline int cfribidi_is_strong_ltr(FriBidiCharType type) {
    return (type & (FRIBIDI_MASK_LETTER | FRIBIDI_MASK_RTL)) == FRIBIDI_MASK_LETTER ? 1 : 0;
}
static inline FriBidiFlags cfribidi_shape_flags(int arabic) {
    return FRIBIDI_FLAG_SHAPE_MIRRORING | (arabic ? FRIBIDI_FLAG_SHAPE_ARAB_PRES : 0);
}
