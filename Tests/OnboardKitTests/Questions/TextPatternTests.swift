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
        ("(ab", "not a POSIX extended"), ("a{2,1}", "not a POSIX extended"),
    ])
    func patternsThatCouldBeSlowOrAreWrongAreRefused(pattern: String, reason: String) {
        #expect(throws: TextPattern.Problem.self) { try TextPattern(pattern) }
        do {
            _ = try TextPattern(pattern)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }

    @Test func repeatsSideBySideDoNotMultiply() throws {
        // Forty repeats of two hundred each side by side are 400 copies, not 40,000.
        _ = try TextPattern("^a{200}b{200}$")
        _ = try TextPattern("^(a{20}){20}$")
        _ = try TextPattern("^[{]{2}$")
    }

    @Test func aTooLongPatternAndANulAreRefused() {
        #expect(throws: TextPattern.Problem.self) { try TextPattern(String(repeating: "a", count: 1_001)) }
        #expect(throws: TextPattern.Problem.self) { try TextPattern("a\u{0}b") }
    }

    @Test func aNulInTheTextIsNeverAMatch() throws {
        #expect(!(try TextPattern("^a").matches("a\u{0}\u{1B}[2J")))
    }
}
