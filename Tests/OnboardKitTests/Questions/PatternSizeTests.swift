import CRegex
import Testing

@testable import OnboardKit

/// How a pattern is weighed before glibc sees it: the copies its repeats write out (nested and
/// chained repeats multiply, side by side they add), wide atoms heavier, and loops around what
/// can match nothing refused.
@Suite struct PatternSizeTests {
    @Test(arguments: [
        // Side by side: the counts add.
        ("a{3}b{3}", 6), ("[ab]{1,4}[ab]{1,4}[ab]{1,4}", 12), ("abc", 3), ("a|b", 3), ("^abc$", 3), ("\\bab\\>", 2),
        // Nested and chained: they multiply, whichever way they are written.
        ("(a{3}){3}", 9), ("a{3}{3}", 9), ("a{255}{255}{255}", 16_581_375), ("((a{2}){3}){4}", 24),
        ("a+", 2), ("a++", 4), ("((a+)+)+", 8), ("(a+){3}", 6), ("a{2,}", 3), ("a{,3}", 3), ("a{0}", 0),
        ("a{2}*", 2), ("(ab){2}", 4),
        // Wide atoms weigh 16: `.`, negated brackets, classes, `\w`, anything outside ASCII in a bracket.
        (".", 16), (".{2}", 32), ("[^x]", 16), ("[[:alpha:]]", 16), ("\\w", 16), ("\\S", 16), ("[é]", 16),
        ("[[=a=]]", 16), ("[[.a.]]", 16),
        // Narrow ones 1, a character outside ASCII its bytes.
        ("[ab]", 1), ("[a-z0-9_-]", 1), ("é", 2), ("日", 3), ("\\.", 1), ("[]a]{2}", 2), ("[a{]{2}", 2),
        ("\\{{3}", 3), ("[[:alpha:]", 16),
        // Groups weigh what they hold, at least 1.
        ("()", 1), ("(|)", 1), ("(a)", 1),
    ])
    func unitsCountWhatGlibcWritesOut(pattern: String, units: Int) throws {
        #expect(try PatternSize.measure(pattern).units == units)
    }

    @Test(arguments: [
        "(a*)*", "a**", "(a|)+", "(a?){2,}", "(\\b)*", "(^)*", "(a*b*)*", "((a)*)*", "(a{0,3})+", "a{,}*",
    ])
    func aLoopAroundWhatCanMatchNothingIsRefused(pattern: String) {
        #expect(throws: PatternSize.Refusal.self) { try PatternSize.measure(pattern) }
    }

    @Test(arguments: ["(a*b)*", "(a+)*", "a*?", "(a*)?", "a+*", "(a|b)*", "((a*b)*c)*", "(a*){1,3}"])
    func aLoopAroundWhatMustMatchIsTaken(pattern: String) throws {
        _ = try PatternSize.measure(pattern)
    }

    @Test(arguments: [
        ("^a|b", false), ("^(a|b)", true), ("^a", true), ("a^", false), ("(^a)", false), ("", false),
    ])
    func onlyATopLevelCaretWithoutBarsAnchorsTheStart(pattern: String, anchored: Bool) throws {
        #expect(try PatternSize.measure(pattern).isAnchoredAtStart == anchored)
    }

    @Test func aParenthesisThatClosesNothingIsEscapedSoTheSourceCanBeGrouped() throws {
        #expect(try PatternSize.measure("a)b").groupableSource == "a\\)b")
        #expect(try PatternSize.measure("(a))").groupableSource == "(a)\\)")
        #expect(try PatternSize.measure("[)]\\)").groupableSource == "[)]\\)")
    }

    /// Led by `^.*(…)`, an unanchored pattern matches exactly what glibc matches of it alone,
    /// for a generated set of patterns and texts.
    @Test func theWrappedPatternMatchesWhatThePatternMatches() throws {
        var random = SeededGenerator(seed: 7)
        let pieces = [
            "a", "b", "é", ".", "[ab]", "[^a]", "(", ")", "|", "*", "+", "?", "{2}", "{1,2}", "^", "$", "\\)",
        ]
        var compared = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...8, using: &random)
            let source = (0..<length).map { _ in pieces.randomElement(using: &random)! }.joined()
            guard let pattern = try? TextPattern(source) else { continue }
            for _ in 0..<6 {
                let text = String(
                    (0..<Int.random(in: 0...6, using: &random)).map { _ in "abé)x".randomElement(using: &random)! })
                let alone = cregex_match_once(source, text)
                #expect(pattern.matches(text) == (alone == 1), "\(source) against \(text)")
                compared += 1
            }
        }
        #expect(compared > 3_000)
    }
}
