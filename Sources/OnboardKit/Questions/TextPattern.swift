import CRegex

/// A pattern a typed answer must match: a POSIX extended regular expression (as `grep -E`
/// reads it), matched by the C library anywhere in the answer unless anchored with `^…$`.
///
/// The dialect is what keeps a deck from stalling the app: without back-references glibc
/// matches with automata, in time linear in the answer, so `^(a+)+$` costs what `^a+$` does.
/// Back-references, which would bring backtracking back, are refused. What the automaton
/// costs grows with the copies glibc writes out for repeats, so a pattern is weighed before
/// glibc sees it (`PatternSize`) and refused over `maximumUnits`.
public struct TextPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as the deck wrote it.
    public let source: String
    /// What each match compiles: the source when it is anchored at the start, else
    /// `^.*(source)`. glibc tries an unanchored pattern from each start in turn, each try a
    /// new walk that builds new states (a second per answer for `[ab]*a[ab]{32}c`); led by
    /// `^.*` it is one walk.
    let matchedSource: String

    /// The longest pattern taken, in bytes.
    public static let maximumLength = 1_000
    /// The most work a pattern may weigh, in `PatternSize` units.
    public static let maximumUnits = 256
    /// The longest text a pattern is matched against, in Unicode scalars: four for each
    /// character of the longest answer. The matcher's work grows with scalars, not with the
    /// characters a field counts, and one character can hold thousands of combining marks.
    public static let maximumTextScalars = 4_096

    /// Why a pattern was refused, in words for `validate`.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(_ source: String) throws(Problem) {
        let size = try Self.measure(source)
        self.source = source
        matchedSource = size.isAnchoredAtStart ? source : "^.*(\(size.groupableSource))"
        // Compiled here only to be checked; each match compiles afresh (see `matches`).
        if let reason = Self.compileError(source) {
            throw Problem(description: "not a POSIX extended regular expression: \(reason)")
        }
        if let reason = Self.compileError(matchedSource) {
            throw Problem(description: "cannot be matched: \(reason)")
        }
    }

    /// True when `text` holds a match (all of it, for a pattern anchored at both ends). A text
    /// over `maximumTextScalars` is no match.
    public func matches(_ text: String) -> Bool {
        // A NUL would end the C string early and let the rest through unchecked.
        guard !text.utf8.contains(0), text.unicodeScalars.count <= Self.maximumTextScalars else { return false }
        // The states glibc builds for one text are freed with it, not kept for the next.
        return cregex_match_once(matchedSource, text) == 1
    }

    public var description: String { source }

    public static func == (lhs: TextPattern, rhs: TextPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The pattern's size, or why the dialect refuses it before the C library sees it: too
    /// long, a NUL, a back-reference, Perl's classes that POSIX reads as letters, a count over
    /// 255, or more work than `maximumUnits`.
    static func measure(_ source: String) throws(Problem) -> PatternSize {
        if source.utf8.count > maximumLength {
            throw Problem(description: "\(source.utf8.count) bytes is over the limit of \(maximumLength)")
        }
        if source.utf8.contains(0) { throw Problem(description: "a pattern cannot hold a NUL character") }
        let size: PatternSize
        do {
            size = try PatternSize.measure(source)
        } catch {
            switch error {
            case .backReference(let digit):
                throw Problem(
                    description: "back-references such as \\\(digit) are not allowed: they make matching slow")
            case .perlClass(let letter):
                throw Problem(description: "\\\(letter) is not POSIX; write [[:digit:]] or [0-9] instead")
            case .countOver255:
                throw Problem(description: "a count over \(PatternSize.largestCount) is not allowed")
            case .loopAroundEmpty(let loop):
                throw Problem(
                    description:
                        "\"\(loop)\" repeats something that can match nothing (as in (a*)* or (a|)+), which the C library "
                        + "takes exponential time to compile; repeat only what must match a character, as a*")
            }
        }
        if size.units > maximumUnits {
            let units = size.units >= PatternSize.ceiling ? "far more than \(maximumUnits)" : "\(size.units)"
            throw Problem(
                description:
                    "too large to match quickly: it weighs \(units) units, over the limit of \(maximumUnits) (a character "
                    + "weighs 1, and ., [^...], [[:alpha:]] or \\w \(PatternSize.wideAtomUnits); a repeat multiplies what it "
                    + "repeats by its largest count, so nested and chained repeats multiply); limit the length with "
                    + "\"maxLength\" rather than a count")
        }
        return size
    }

    /// regcomp's words for what is wrong with `pattern`, or nil when it compiles.
    private static func compileError(_ pattern: String) -> String? {
        var compiled = regex_t()
        let code = cregex_compile(&compiled, pattern)
        defer { if code == 0 { regfree(&compiled) } }
        guard code != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        regerror(code, &compiled, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
    }
}
