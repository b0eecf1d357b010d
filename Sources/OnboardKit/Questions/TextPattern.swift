import CRegex

/// A pattern a typed answer must match: a POSIX extended regular expression (as `grep -E`
/// reads it), matched by the C library anywhere in the answer unless anchored with `^…$`.
///
/// The dialect is what keeps a deck from stalling the app: without back-references glibc
/// matches with automata, in time linear in the answer, so `^(a+)+$` costs what `^a+$` does.
/// Back-references, which would bring backtracking back, are refused, and so are bounded
/// repeats nested deep enough to make the compiled automaton huge (`((a{100}){100}){100}`).
public final class TextPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as the deck wrote it.
    public let source: String
    /// Read-only once compiled: glibc's regexec takes its own lock, so any thread may match.
    private nonisolated(unsafe) let compiled: UnsafeMutablePointer<regex_t>

    /// The longest pattern taken, in bytes.
    public static let maximumLength = 1_000
    /// The most copies of an expression that nested `{m,n}` repeats may ask for together.
    public static let maximumRepeats = 1_000

    /// Why a pattern was refused, in words for `validate`.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public init(_ source: String) throws(Problem) {
        if let problem = Self.dialectProblem(in: source) { throw problem }
        guard let compiled = cregex_allocate() else { throw Problem(description: "out of memory") }
        let code = cregex_compile(compiled, source)
        guard code == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(code, compiled, &buffer, buffer.count)
            regfree(compiled)
            free(compiled)
            let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Problem(description: "not a POSIX extended regular expression: \(reason.lowercased())")
        }
        self.source = source
        self.compiled = compiled
    }

    deinit {
        regfree(compiled)
        free(compiled)
    }

    /// True when `text` holds a match (all of it, for a pattern anchored at both ends).
    public func matches(_ text: String) -> Bool {
        // A NUL would end the C string early and let the rest through unchecked.
        guard !text.utf8.contains(0) else { return false }
        return cregex_matches(compiled, text) == 1
    }

    public var description: String { source }

    public static func == (lhs: TextPattern, rhs: TextPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// What the dialect refuses before the C library sees the pattern: too long, a NUL,
    /// a back-reference, Perl's classes that POSIX reads as letters, or repeats whose nested
    /// counts multiply past `maximumRepeats`.
    static func dialectProblem(in source: String) -> Problem? {
        if source.utf8.count > maximumLength {
            return Problem(description: "\(source.utf8.count) bytes is over the limit of \(maximumLength)")
        }
        if source.utf8.contains(0) { return Problem(description: "a pattern cannot hold a NUL character") }
        let characters = Array(source.unicodeScalars)
        // The most copies any expression inside each open group asks for, innermost last.
        var groups: [Int] = [1]
        // The product of the atom just closed (a group's, or 1), for a repeat that follows it.
        var lastAtom = 1
        var index = 0
        var inBracket = false
        while index < characters.count {
            let character = characters[index]
            if inBracket {
                // `]` right after `[` or `[^` is a member; `[:alpha:]` and friends hold none.
                if character == "[", index + 1 < characters.count, ":.=".unicodeScalars.contains(characters[index + 1])
                {
                    let close = characters[index + 1]
                    var end = index + 2
                    while end + 1 < characters.count, !(characters[end] == close && characters[end + 1] == "]") {
                        end += 1
                    }
                    index = end + 2
                    continue
                }
                if character == "]" { inBracket = false }
                index += 1
                continue
            }
            switch character {
            case "\\":
                guard index + 1 < characters.count else { break }
                let next = characters[index + 1]
                if ("1"..."9").contains(next) {
                    return Problem(
                        description: "back-references such as \\\(next) are not allowed: they make matching slow")
                }
                if next == "d" || next == "D" {
                    return Problem(description: "\\\(next) is not POSIX; write [[:digit:]] or [0-9] instead")
                }
                lastAtom = 1
                index += 2
                continue
            case "[":
                inBracket = true
                lastAtom = 1
                index += 1
                // A `]` first is a member, not the end.
                if index < characters.count, characters[index] == "^" { index += 1 }
                if index < characters.count, characters[index] == "]" { index += 1 }
                continue
            case "(":
                groups.append(1)
            case ")":
                if groups.count > 1 {
                    lastAtom = groups.removeLast()
                    groups[groups.count - 1] = max(groups[groups.count - 1], lastAtom)
                    index += 1
                    continue
                }
            case "{":
                var end = index + 1
                while end < characters.count, characters[end] != "}" { end += 1 }
                let counts = String(String.UnicodeScalarView(characters[(index + 1)..<min(end, characters.count)]))
                    .split(separator: ",", omittingEmptySubsequences: false)
                let largest = counts.compactMap { Int($0) }.max() ?? 1
                let product = lastAtom.multipliedReportingOverflow(by: max(1, largest))
                if product.overflow || product.partialValue > maximumRepeats || largest > 255 {
                    return Problem(
                        description:
                            "repeats ask for over \(maximumRepeats) copies, or a count over 255: the pattern would be too large to match quickly"
                    )
                }
                groups[groups.count - 1] = max(groups[groups.count - 1], product.partialValue)
                lastAtom = 1
                index = end + 1
                continue
            default:
                lastAtom = 1
            }
            index += 1
        }
        return nil
    }
}
