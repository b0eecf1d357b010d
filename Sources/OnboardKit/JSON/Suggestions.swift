/// Finds the known names closest to a mistyped one, for "did you mean" hints.
public enum Suggestions {
    /// Up to `limit` names from `candidates` within a small edit distance of `name`, closest
    /// first (ties in alphabetical order).
    public static func closest(to name: String, in candidates: some Collection<String>, limit: Int = 3) -> [String] {
        Matcher(candidates).closest(to: name, limit: limit)
    }

    /// Candidates prepared once (lowered, as scalars) for many lookups, such as every unknown
    /// member of one object.
    public struct Matcher {
        private let candidates: [(name: String, lowered: [Unicode.Scalar])]
        private let lengthLimit: Int

        public init(_ names: some Collection<String>) {
            candidates = names.map { ($0, Array($0.lowercased().unicodeScalars)) }
            let longest = candidates.reduce(0) { max($0, $1.lowered.count) }
            lengthLimit = min(longest + maximumExtraLength, maximumComparedLength)
        }

        /// Up to `limit` candidates close to `name`, closest first (ties alphabetical).
        public func closest(to name: String, limit: Int = 3) -> [String] {
            // A name much longer than every candidate cannot be a typo of one, and the distance
            // costs the product of the lengths: such names get no suggestion, and no name over
            // `maximumComparedLength` is ever compared (a hostile file may hold megabytes).
            guard name.utf8.count <= 4 * lengthLimit else { return [] }
            // Compared by scalar: names are identifiers, and scalars compare far faster than
            // graphemes (this runs once per unknown name, and a file may hold thousands).
            let lowered = Array(name.lowercased().unicodeScalars)
            guard lowered.count <= lengthLimit else { return [] }
            let threshold = max(2, lowered.count / 3)
            let scored = candidates.compactMap { candidate -> (String, Int)? in
                let other = candidate.lowered
                guard other.count <= maximumComparedLength else { return nil }
                let isPrefix = other.starts(with: lowered) || lowered.starts(with: other)
                if isPrefix && lowered.count >= 3 {
                    return (candidate.name, min(editDistance(lowered, other), threshold))
                }
                // The distance is at least the difference in length: most candidates stop here.
                guard abs(other.count - lowered.count) <= threshold else { return nil }
                let distance = editDistance(lowered, other)
                guard distance <= threshold else { return nil }
                return (candidate.name, distance)
            }
            return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
        }
    }

    /// How many characters longer than the longest candidate a name may be and still get a
    /// suggestion.
    static let maximumExtraLength = 4
    /// No string longer than this goes into the edit distance.
    static let maximumComparedLength = 64

    /// Levenshtein distance between two strings, by grapheme.
    public static func editDistance(_ left: String, _ right: String) -> Int {
        editDistance(Array(left), Array(right))
    }

    static func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Two rows on the stack: this runs for every candidate of every unknown name.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { rows in
            var previous = 0
            var current = b.count + 1
            for j in 0...b.count { rows[previous + j] = j }
            for i in 1...a.count {
                rows[current] = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    rows[current + j] = min(
                        rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                }
                swap(&previous, &current)
            }
            return rows[previous + b.count]
        }
    }
}
