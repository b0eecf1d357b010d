/// Finds the known names closest to a mistyped one, for "did you mean" hints.
public enum Suggestions {
    /// Up to `limit` names from `candidates` within a small edit distance of `name`, closest
    /// first (ties in alphabetical order).
    public static func closest(to name: String, in candidates: some Collection<String>, limit: Int = 3) -> [String] {
        // A name much longer than every candidate cannot be a typo of one, and the distance
        // costs the product of the lengths: such names get no suggestion, and no name over
        // `maximumComparedLength` is ever compared (a hostile file may hold megabytes).
        let longest = candidates.reduce(0) { max($0, $1.count) }
        let lengthLimit = min(longest + maximumExtraLength, maximumComparedLength)
        guard name.utf8.count <= 4 * lengthLimit, name.count <= lengthLimit else { return [] }
        let lowered = Array(name.lowercased())
        let threshold = max(2, lowered.count / 3)
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let other = Array(candidate.lowercased())
            guard other.count <= maximumComparedLength else { return nil }
            let isPrefix = other.starts(with: lowered) || lowered.starts(with: other)
            if isPrefix && lowered.count >= 3 {
                return (candidate, min(editDistance(lowered, other), threshold))
            }
            // The distance is at least the difference in length: most candidates stop here.
            guard abs(other.count - lowered.count) <= threshold else { return nil }
            let distance = editDistance(lowered, other)
            guard distance <= threshold else { return nil }
            return (candidate, isPrefix ? min(distance, threshold) : distance)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
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

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
