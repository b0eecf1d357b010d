import CNcurses
import Glibc
import OnboardKit
import Testing

/// The core's width table against glibc's `wcwidth`, which ncurses places every character by.
/// Any difference leaves stale characters on screen when text moves, so the table has to match
/// for every scalar. A failure on a new glibc means its Unicode version moved: regenerate the
/// table with `make width-table` (see scripts/generate-width-table.py).
struct WcwidthAgreementTests {
    /// Runs `body` with a C.UTF-8 `LC_CTYPE` on this thread only; other tests keep theirs.
    static func withUTF8Locale(_ body: () throws -> Void) throws {
        let utf8 = try #require(tui_new_utf8_locale(), "the C.UTF-8 locale is missing")
        let previous = uselocale(utf8)
        defer {
            uselocale(previous)
            freelocale(utf8)
        }
        try body()
    }

    @Test func theTableIsWcwidthForEveryScalar() throws {
        try Self.withUTF8Locale {
            var differing: [String] = []
            var assigned = 0
            var checked = 0
            for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
                let expected = Int(wcwidth(wchar_t(bitPattern: value)))
                if expected >= 0 { assigned += 1 }
                checked += 1
                let actual = DisplayWidth.wcwidth(value)
                if actual != expected {
                    differing.append(
                        "U+\(String(value, radix: 16, uppercase: true)): wcwidth \(expected), table \(actual)")
                }
            }
            #expect(checked == 0x110000 - 0x800)
            // Unicode 14.0 has about 145,000 printable characters: a broken locale answers -1 for all.
            #expect(assigned > 140_000, "wcwidth knows only \(assigned) characters: is C.UTF-8 a UTF-8 locale?")
            #expect(
                differing.isEmpty,
                """
                \(differing.count) scalars differ from wcwidth (table: Unicode \(DisplayWidth.tableUnicodeVersion)); \
                the first: \(differing.prefix(12).joined(separator: ", "))
                """)
        }
    }

    /// The characters the terminal issue was about, by name, so a failure reads plainly.
    @Test(arguments: [
        (UInt32(0x26A0), 1),  // ⚠ WARNING SIGN, also with U+FE0F
        (0x2764, 1),  // ❤ HEAVY BLACK HEART
        (0xFE0F, 0),  // VARIATION SELECTOR-16
        (0x1F1E6, 1),  // 🇦 REGIONAL INDICATOR SYMBOL LETTER A
        (0x1F44D, 2),  // 👍
        (0x1F3FD, 2),  // 🏽 skin tone modifier
        (0x200D, 0),  // ZERO WIDTH JOINER
        (0x4E00, 2),  // 一
        (0x4DC0, 2),  // ䷀ HEXAGRAM FOR THE CREATIVE HEAVEN
        (0x0301, 0),  // COMBINING ACUTE ACCENT
        (0x00AD, 1),  // SOFT HYPHEN
        (0x1161, 0),  // HANGUL JUNGSEONG A
        (0x1FAE8, -1),  // 🫨 SHAKING FACE, Unicode 15: unknown to glibc 2.36
    ])
    func wellKnownScalars(value: UInt32, width: Int) throws {
        try Self.withUTF8Locale {
            #expect(Int(wcwidth(wchar_t(bitPattern: value))) == width)
            #expect(DisplayWidth.wcwidth(value) == width)
        }
    }
}
