import Testing

@testable import OnboardKit

/// The pattern dialect of text questions: POSIX extended expressions, matched by glibc in time
/// linear in the text, with what would make matching slow refused.
@Suite struct TextPatternTests {
    @Test(arguments: [
        ("^[a-z][a-z0-9-]*$", "my-app2", true), ("^[a-z][a-z0-9-]*$", "My-app", false),
        ("^[[:alpha:] ]+$", "Zoë Ada", true), ("^.{3}$", "äöü", true), ("^.{3}$", "日本語", true),
        ("^.{3}$", "ab", false), ("^(yes|no)$", "yes", true), ("^(yes|no)$", "yesno", false),
        ("[0-9]", "abc1", true), ("^\\w+$", "snake_case", true),
    ])
    func matches(pattern: String, text: String, expected: Bool) throws {
        #expect(try TextPattern(pattern).matches(text) == expected)
    }

    /// Patterns that take a backtracking matcher minutes over a few dozen characters: linear
    /// here, so 100,000 characters are answered at once. Were matching exponential, this test
    /// would not end within its time limit.
    @Test(.timeLimit(.minutes(1)), arguments: ["^(a+)+$", "^(a|a)*$", "^(a|aa)*c$", "^(([a-z])+.)+[A-Z]([a-z])+$"])
    func evilPatternsAreMatchedInLinearTime(pattern: String) throws {
        let compiled = try TextPattern(pattern)
        #expect(!compiled.matches(String(repeating: "a", count: 100_000) + "!"))
    }

    @Test(arguments: [
        ("^(a*)\\1$", "back-references"), ("^\\d+$", "not POSIX"), ("((a{100}){100}){100}", "too large"),
        ("(a{40}){40}", "too large"), ("a{300}", "a count over 255"), ("[a-", "not a POSIX extended"),
        ("(ab", "not a POSIX extended"), ("a{2,1}", "not a POSIX extended"), ("(a*)*", "can match nothing"),
    ])
    func patternsThatCouldBeSlowOrAreWrongAreRefused(pattern: String, reason: String) {
        #expect(throws: TextPattern.Problem.self) { try TextPattern(pattern) }
        do {
            _ = try TextPattern(pattern)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    /// Patterns that took glibc seconds and gigabytes, each now refused before glibc sees it:
    /// chained counts (3.4 GB at every start), counts side by side (12 s to match 1,024
    /// characters), nested `+` (21 s to compile 41 bytes), loops around nothing (3 s for 100
    /// bytes), and wide atoms repeated (2 s for `^.{1,255}$` against 1,024 accented letters).
    @Test(arguments: [
        "a{255}{255}{255}", String(repeating: "[ab]{1,255}", count: 80), String(repeating: "[ab]{1,64}", count: 5),
        String(repeating: "(", count: 20) + "a" + String(repeating: ")+", count: 20),
        String(repeating: "(a*)*", count: 20),
        String(repeating: "a**", count: 20), "^.{1,255}$", "^[^x]*" + String(repeating: "[^x]?", count: 32) + "$",
    ])
    func patternsThatMadeGlibcSlowAreRefused(pattern: String) {
        #expect(throws: TextPattern.Problem.self) { try TextPattern(pattern) }
    }

    @Test func repeatsSideBySideAddAndNestedOnesMultiply() throws {
        // Two hundred each side by side are 400 copies, over the limit; 120 each are 240.
        #expect(throws: TextPattern.Problem.self) { try TextPattern("^a{200}b{200}$") }
        _ = try TextPattern("^a{120}b{120}$")
        _ = try TextPattern("^(a{16}){16}$")
        #expect(throws: TextPattern.Problem.self) { try TextPattern("^(a{16}){17}$") }
        _ = try TextPattern("^[{]{2}$")
        // Sixteen wide copies are the most.
        _ = try TextPattern("^.{1,16}$")
        #expect(throws: TextPattern.Problem.self) { try TextPattern("^.{1,17}$") }
    }

    @Test func theRefusalSaysHowLargeAndWhatToDoInstead() {
        do {
            _ = try TextPattern("^[a-z]{1,64}@[a-z]{1,255}$")
            Issue.record("taken")
        } catch {
            #expect(error.description.contains("weighs 320 units, over the limit of 256"), "\(error.description)")
            #expect(error.description.contains("maxLength"))
        }
    }

    @Test func aTextOfMoreScalarsThanTheLimitIsNoMatch() throws {
        let pattern = try TextPattern("^a")
        let marks = String(repeating: "\u{301}", count: TextPattern.maximumTextScalars - 1)
        #expect(("a" + marks).count == 1, "one character")
        #expect(pattern.matches("a" + marks))
        #expect(!pattern.matches("a" + marks + "\u{301}"))
    }

    @Test func aTooLongPatternAndANulAreRefused() {
        #expect(throws: TextPattern.Problem.self) { try TextPattern(String(repeating: "a", count: 1_001)) }
        #expect(throws: TextPattern.Problem.self) { try TextPattern("a\u{0}b") }
    }

    @Test func aNulInTheTextIsNeverAMatch() throws {
        #expect(!(try TextPattern("^a").matches("a\u{0}\u{1B}[2J")))
    }
}
