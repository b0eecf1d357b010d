/// How much work a pattern gives glibc, weighed from its text before `regcomp` ever sees it.
///
/// glibc's `regcomp` writes each repeat out as copies of what it repeats (`x{3}` is `xxx`,
/// `x{1,3}` is `x(x(x)?)?`, `x+` is `xx*`), a repeat of a repeat copies the copies, and
/// `regexec` then walks through sets of those copies, one set per character of the answer. So
/// a repeat multiplies what it repeats by its largest count: nested repeats multiply, chained
/// ones (`x{3}{3}`, `x++`) nest the same way, and repeats side by side add. An atom that can
/// match a character outside ASCII (`.`, `[^…]`, a class such as `[[:alpha:]]`, `\w`) costs far
/// more: glibc merges its sets anew for every such character instead of reading a table.
///
/// One shape is refused whatever its size: a loop (`*`, `+`, `{m,}`) around something that can
/// match nothing, such as `(a*)*`, `a**` or `(a|)+`. glibc's compile takes time exponential in
/// the number of such loops (twenty `(a*)*` side by side: three seconds), and each has a plain
/// spelling (`a*`, `(a|b)*` for `(a*b*)*`).
struct PatternSize: Hashable, Sendable {
    /// The weighed work: each character, bracket and `|` counts 1 (a character outside ASCII
    /// its UTF-8 bytes), an anchor nothing, a wide atom `wideAtomUnits`, a group what it holds
    /// (at least 1), each multiplied by the repeats that apply to it. Stops growing at `ceiling`.
    var units: Int
    /// True when every match starts at the start of the text: the pattern opens with `^`
    /// outside any group and has no `|` outside a group.
    var isAnchoredAtStart: Bool
    /// The source with each `)` that closes no group written `\)`: glibc reads an unmatched
    /// `)` as a character, which it would no longer be inside a group.
    var groupableSource: String

    /// What an atom that can match a character outside ASCII weighs.
    static let wideAtomUnits = 16
    /// The largest count a repeat may give: POSIX's `RE_DUP_MAX`, the least every C library takes.
    static let largestCount = 255
    /// Where `units` stops, far over any limit and far from overflowing.
    static let ceiling = 1 << 40

    /// Why a pattern is refused whatever its size.
    enum Refusal: Error, Hashable, Sendable {
        case backReference(Unicode.Scalar)
        case perlClass(Unicode.Scalar)
        case countOver255
        /// A loop, spelled as written (`*`, `+`, `{2,}`), around what can match nothing.
        case loopAroundEmpty(String)
    }

    /// Weighs `source`, read as glibc reads an extended expression. What glibc would refuse
    /// (an unclosed bracket, a repeat of nothing) is weighed as well as it goes; `regcomp` says
    /// what is wrong with it afterwards.
    static func measure(_ source: String) throws(Refusal) -> PatternSize {
        var reader = Reader(Array(source.unicodeScalars))
        try reader.readAll()
        return PatternSize(
            units: reader.units, isAnchoredAtStart: reader.isAnchoredAtStart,
            groupableSource: String(reader.groupable))
    }

    static func sum(_ lhs: Int, _ rhs: Int) -> Int { min(ceiling, lhs + rhs) }

    static func product(_ lhs: Int, _ rhs: Int) -> Int {
        let (value, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? ceiling : min(ceiling, value)
    }
}

extension PatternSize {
    /// One group being read: what its finished items weigh, and the last item, which a
    /// repeat that follows still multiplies; and whether it can match nothing so far.
    private struct Group {
        var total = 0
        var last: Int?
        var lastCanBeEmpty = true
        /// True while every item of the branch being read can match nothing.
        var branchCanBeEmpty = true
        /// True once a finished branch could match nothing.
        var earlierBranchCanBeEmpty = false

        var canBeEmpty: Bool { earlierBranchCanBeEmpty || (branchCanBeEmpty && (last == nil || lastCanBeEmpty)) }

        mutating func settle() {
            if let last {
                total = PatternSize.sum(total, last)
                branchCanBeEmpty = branchCanBeEmpty && lastCanBeEmpty
            }
            last = nil
        }

        mutating func endBranch() {
            settle()
            earlierBranchCanBeEmpty = earlierBranchCanBeEmpty || branchCanBeEmpty
            branchCanBeEmpty = true
        }
    }

    /// Reads a pattern once, left to right, keeping one `Group` per open parenthesis.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var groups = [Group()]
        var groupable = String.UnicodeScalarView()
        var hasTopLevelBar = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var units: Int {
            var open = groups
            while open.count > 1 {
                var inner = open.removeLast()
                inner.settle()
                open[open.count - 1].settle()
                open[open.count - 1].last = max(1, inner.total)
            }
            open[0].settle()
            return open[0].total
        }

        var isAnchoredAtStart: Bool { scalars.first == "^" && !hasTopLevelBar }

        mutating func readAll() throws(Refusal) {
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\\": try readEscape()
                case "[": readBracket()
                case "{": try readCount()
                case "(":
                    take(1)
                    groups[groups.count - 1].settle()
                    groups.append(Group())
                case ")": closeGroup()
                case "|":
                    take(1)
                    groups[groups.count - 1].endBranch()
                    groups[groups.count - 1].total = PatternSize.sum(groups[groups.count - 1].total, 1)
                    if groups.count == 1 { hasTopLevelBar = true }
                case "*":
                    take(1)
                    try repeatLast(by: 1, spelled: "*", from: 0, isOpenEnded: true)
                case "?":
                    take(1)
                    try repeatLast(by: 1, spelled: "?", from: 0, isOpenEnded: false)
                case "+":
                    take(1)
                    try repeatLast(by: 2, spelled: "+", from: 1, isOpenEnded: true)
                case "^", "$":
                    take(1)
                    atom(0, canBeEmpty: true)
                case ".":
                    take(1)
                    atom(PatternSize.wideAtomUnits)
                default:
                    take(1)
                    atom(scalar.utf8.count)
                }
            }
        }

        /// Copies the next `count` scalars to `groupable` and moves past them.
        private mutating func take(_ count: Int) {
            let end = min(scalars.count, index + count)
            groupable.append(contentsOf: scalars[index..<end])
            index = end
        }

        private mutating func atom(_ units: Int, canBeEmpty: Bool = false) {
            groups[groups.count - 1].settle()
            groups[groups.count - 1].last = units
            groups[groups.count - 1].lastCanBeEmpty = canBeEmpty
        }

        /// Applies a repeat of at least `minimum` copies (and, open-ended, going on as a loop)
        /// to the last item, which becomes `factor` copies of itself.
        private mutating func repeatLast(
            by factor: Int, spelled: String, from minimum: Int, isOpenEnded: Bool
        ) throws(Refusal) {
            let group = groups[groups.count - 1]
            guard let last = group.last else { return }
            if isOpenEnded && group.lastCanBeEmpty { throw .loopAroundEmpty(spelled) }
            groups[groups.count - 1].last = PatternSize.product(last, factor)
            groups[groups.count - 1].lastCanBeEmpty = group.lastCanBeEmpty || minimum == 0
        }

        private mutating func closeGroup() {
            guard groups.count > 1 else {
                // glibc reads a `)` that closes nothing as the character.
                groupable.append("\\")
                take(1)
                atom(1)
                return
            }
            take(1)
            var inner = groups.removeLast()
            let canBeEmpty = inner.canBeEmpty
            inner.settle()
            atom(max(1, inner.total), canBeEmpty: canBeEmpty)
        }

        private mutating func readEscape() throws(Refusal) {
            guard index + 1 < scalars.count else {
                take(1)
                atom(1)
                return
            }
            let next = scalars[index + 1]
            switch next {
            case "1"..."9": throw .backReference(next)
            case "d", "D": throw .perlClass(next)
            case "w", "W", "s", "S": atom(PatternSize.wideAtomUnits)
            // Word and text boundaries match no character.
            case "b", "B", "<", ">", "`", "'": atom(0, canBeEmpty: true)
            default: atom(next.utf8.count)
            }
            take(2)
        }

        /// A bracket is wide when it can match a character outside ASCII: negated, holding a
        /// class, an equivalence class, a collating element, or a character outside ASCII.
        private mutating func readBracket() {
            let start = index
            var cursor = index + 1
            var isWide = false
            if cursor < scalars.count, scalars[cursor] == "^" {
                isWide = true
                cursor += 1
            }
            // A `]` first is a member, not the end.
            if cursor < scalars.count, scalars[cursor] == "]" { cursor += 1 }
            while cursor < scalars.count {
                let scalar = scalars[cursor]
                if scalar == "]" {
                    cursor += 1
                    break
                }
                if scalar == "[", cursor + 1 < scalars.count, ":.=".unicodeScalars.contains(scalars[cursor + 1]) {
                    let close = scalars[cursor + 1]
                    var end = cursor + 2
                    while end + 1 < scalars.count, !(scalars[end] == close && scalars[end + 1] == "]") { end += 1 }
                    isWide = true
                    cursor = end + 2
                    continue
                }
                if !scalar.isASCII { isWide = true }
                cursor += 1
            }
            take(cursor - start)
            atom(isWide ? PatternSize.wideAtomUnits : 1)
        }

        /// `{m}`, `{m,}`, `{m,n}` or `{,n}`: the item before is copied `n` times (`m + 1` when
        /// open-ended, one copy going on as `*`).
        private mutating func readCount() throws(Refusal) {
            let start = index
            var end = index + 1
            while end < scalars.count, scalars[end] != "}" { end += 1 }
            let bounds = scalars[(index + 1)..<min(end, scalars.count)].split(
                separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            take(end + 1 - index)
            // Anything but digits and one comma is glibc's to refuse, which it does.
            guard bounds.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }) else { return }
            let lower = bounds.first.flatMap(Self.count) ?? 0
            let upper = bounds.count == 2 ? Self.count(bounds[1]) : lower
            if lower > PatternSize.largestCount || (upper ?? 0) > PatternSize.largestCount {
                throw .countOver255
            }
            try repeatLast(
                by: upper ?? lower + 1, spelled: String(String.UnicodeScalarView(scalars[start..<index])),
                from: lower, isOpenEnded: upper == nil)
        }

        /// The number the digits spell (saturating), or nil for none.
        private static func count(_ digits: ArraySlice<Unicode.Scalar>) -> Int? {
            if digits.isEmpty { return nil }
            return digits.reduce(0) { min(PatternSize.ceiling, $0 * 10 + Int($1.value - 48)) }
        }
    }
}
