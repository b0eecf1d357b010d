// ICU's data for the release build: the toolchain's own package, trimmed to what formatting
// prices and dates reads, kept xz-compressed in the executable and unpacked a piece at a time,
// as far as the item ICU opens (scripts/icu-data/make-icu-data.py writes the package, its
// order and the constants below; DECISIONS.md, "ICU's data trimmed and unpacked on demand").
//
// ICU reads its data from one symbol, U_ICUDATA_ENTRY_POINT (icudt76_dat for ICU 76). The link
// makes it this file's zero-filled .bss array, onboard_icudata (--defsym, which the linker
// applies before it searches an archive, so the toolchain's 34 MB member never comes in); the
// array costs no bytes in the file and no memory until a page of it is written. Every data
// access of ICU goes through udata_openChoice or udata_open, called from other objects, so
// the linker's --wrap puts this file in front of them; before ICU looks at an item, the
// package is unpacked up to that item's end.
//
// The package's table of contents (names sorted, as ICU binary-searches them) comes first in
// the stream; the items follow in the order the script chose (time zones, then what every
// price reads, then each language's bundles, the commonest first), not in name order. ICU
// would then work out a wrong length for an item from its neighbour in the table, but only
// for items it asks the length of, and the package holds resource bundles only (.res), which
// ICU opens with no length (uresdata.cpp: res_init(..., -1, ...)); the script refuses
// anything else.
//
// Constants (-D): ICUDATA_PACKAGE ("icudt76l"), ICUDATA_SIZE
// (bytes unpacked), ICUDATA_TOC_END (where the first item starts), ICUDATA_XZ_PATH (the xz
// stream, included as it is); ICUDATA_TRACE writes each item opened to stderr (debugging).
#include <lzma.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#if !defined(ICUDATA_PACKAGE) || !defined(ICUDATA_SIZE) || !defined(ICUDATA_TOC_END) || !defined(ICUDATA_XZ_PATH)
#error "define ICUDATA_PACKAGE, ICUDATA_SIZE, ICUDATA_TOC_END and ICUDATA_XZ_PATH (make-icu-data.py does)"
#endif

typedef struct UDataMemory UDataMemory;
typedef int UErrorCode;
typedef int8_t UBool;
typedef UBool UDataMemoryIsAcceptable(void *context, const char *type, const char *name, const void *info);

UDataMemory *__real_swift_udata_openChoice(const char *path, const char *type, const char *name,
                                           UDataMemoryIsAcceptable *isAcceptable, void *context, UErrorCode *status);
UDataMemory *__real_swift_udata_open(const char *path, const char *type, const char *name, UErrorCode *status);

__attribute__((aligned(16))) uint8_t onboard_icudata[ICUDATA_SIZE];
extern const uint8_t onboard_icudata_xz[], onboard_icudata_xz_end[];
__asm__(".section .rodata.onboard_icudata_xz,\"a\",@progbits\n"
        ".globl onboard_icudata_xz, onboard_icudata_xz_end\n"
        "onboard_icudata_xz:\n"
        ".incbin \"" ICUDATA_XZ_PATH "\"\n"
        "onboard_icudata_xz_end:\n"
        ".previous\n");

// How far the package is unpacked: always the end of an item (or of the table of contents),
// so an item that starts before it is whole. Read without the lock, written under it.
static _Atomic size_t unpacked;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static lzma_stream stream = LZMA_STREAM_INIT;
static int started, failed;

static uint32_t readU32(size_t offset) {
    uint32_t value;
    memcpy(&value, onboard_icudata + offset, sizeof value);
    return value;
}

// Unpacks until `end` bytes of the package are there. Called with the lock held.
static void unpackUntil(size_t end) {
    if (failed) return;
    if (!started) {
        started = 1;
        if (lzma_stream_decoder(&stream, UINT64_MAX, 0) != LZMA_OK) goto failure;
        stream.next_in = onboard_icudata_xz;
        stream.avail_in = (size_t)(onboard_icudata_xz_end - onboard_icudata_xz);
    }
    size_t done = atomic_load_explicit(&unpacked, memory_order_relaxed);
    stream.next_out = onboard_icudata + done;
    stream.avail_out = end - done;
    while (stream.avail_out > 0) {
        lzma_ret result = lzma_code(&stream, LZMA_FINISH);
        if (result == LZMA_STREAM_END && stream.avail_out == 0) break;
        if (result != LZMA_OK) goto failure;
    }
    if (end == ICUDATA_SIZE) lzma_end(&stream);  // the decoder's memory goes once all is out
    atomic_store_explicit(&unpacked, end, memory_order_release);
    return;
failure:
    failed = 1;
    lzma_end(&stream);
    fputs("ICU data: the copy inside this executable cannot be unpacked (a damaged file?)\n", stderr);
}

// The package's entry for "TREE/NAME.TYPE" (ICU's own naming), by binary search as ICU does:
// its index, or -1.
static long findItem(const char *tree, const char *name, const char *type) {
    char wanted[256];
    int length = tree ? snprintf(wanted, sizeof wanted, "%s/%s/%s.%s", ICUDATA_PACKAGE, tree, name, type)
                      : snprintf(wanted, sizeof wanted, "%s/%s.%s", ICUDATA_PACKAGE, name, type);
    if (length < 0 || (size_t)length >= sizeof wanted) return -1;
    size_t header = (size_t)onboard_icudata[0] | (size_t)onboard_icudata[1] << 8;
    long low = 0, high = (long)readU32(header) - 1;
    while (low <= high) {
        long middle = low + (high - low) / 2;
        const char *candidate = (const char *)onboard_icudata + header + readU32(header + 4 + 8 * (size_t)middle);
        int order = strcmp(wanted, candidate);
        if (order == 0) return middle;
        if (order < 0) high = middle - 1;
        else low = middle + 1;
    }
    return -1;
}

// Where the item at `index` ends: where the next one in the package's order starts.
static size_t itemEnd(long index) {
    size_t header = (size_t)onboard_icudata[0] | (size_t)onboard_icudata[1] << 8;
    uint32_t count = readU32(header);
    size_t start = header + readU32(header + 8 + 8 * (size_t)index), end = ICUDATA_SIZE;
    for (uint32_t other = 0; other < count; other++) {
        size_t offset = header + readU32(header + 8 + 8 * (size_t)other);
        if (offset > start && offset < end) end = offset;
    }
    return end;
}

// Makes sure the item ICU is about to open is unpacked. ICU names an item by a path (NULL or
// the package: no tree; "PACKAGE-TREE": that tree), a type and a name. Anything not of this
// package (a file of ICU_DATA, another package) unpacks everything, to be safe; an item this
// package lacks needs nothing, as ICU will not find it either.
static void prepare(const char *path, const char *type, const char *name) {
#ifdef ICUDATA_TRACE
    fprintf(stderr, "icu-data: open %s %s %s\n", path ? path : "(null)", type ? type : "(null)", name ? name : "(null)");
#endif
    if (atomic_load_explicit(&unpacked, memory_order_acquire) == ICUDATA_SIZE) return;
    pthread_mutex_lock(&lock);
    if (atomic_load_explicit(&unpacked, memory_order_relaxed) < ICUDATA_TOC_END) unpackUntil(ICUDATA_TOC_END);
    size_t packageLength = strlen(ICUDATA_PACKAGE);
    const char *tree = NULL;
    int ours = path == NULL || strcmp(path, ICUDATA_PACKAGE) == 0;
    if (!ours && strncmp(path, ICUDATA_PACKAGE, packageLength) == 0 && path[packageLength] == '-') {
        ours = 1;
        tree = path + packageLength + 1;
    }
    if (!ours || !type || !name) {
        unpackUntil(ICUDATA_SIZE);
    } else {
        long index = findItem(tree, name, type);
        size_t done = atomic_load_explicit(&unpacked, memory_order_relaxed);
        if (index >= 0) {
            size_t header = (size_t)onboard_icudata[0] | (size_t)onboard_icudata[1] << 8;
            size_t start = header + readU32(header + 8 + 8 * (size_t)index);
            if (start >= done) unpackUntil(itemEnd(index));
        }
    }
    pthread_mutex_unlock(&lock);
}

UDataMemory *__wrap_swift_udata_openChoice(const char *path, const char *type, const char *name,
                                           UDataMemoryIsAcceptable *isAcceptable, void *context, UErrorCode *status) {
    prepare(path, type, name);
    return __real_swift_udata_openChoice(path, type, name, isAcceptable, context, status);
}

UDataMemory *__wrap_swift_udata_open(const char *path, const char *type, const char *name, UErrorCode *status) {
    prepare(path, type, name);
    return __real_swift_udata_open(path, type, name, status);
}
