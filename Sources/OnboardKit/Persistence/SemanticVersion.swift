/// A version number such as "1.4.0", ordered as Semantic Versioning 2.0 orders them.
///
/// Parsing is lenient in the ways app versions vary: a leading "v" and missing trailing parts
/// ("1.4" is 1.4.0). A pre-release ("-beta.1") comes before its release and orders by its
/// dot-separated identifiers (numbers numerically and before words); build metadata ("+7") is
/// kept as text but takes no part in comparisons.
public struct SemanticVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The parts of a version, from most to least significant.
    public enum Part: Int, Hashable, Sendable, Comparable, CaseIterable {
        case major, minor, patch

        public static func < (left: Part, right: Part) -> Bool { left.rawValue < right.rawValue }
    }

    public var major: Int
    public var minor: Int
    public var patch: Int
    /// Whatever followed "-" or "+", if anything: the pre-release and the build metadata.
    public var suffix: String

    public init(major: Int, minor: Int = 0, patch: Int = 0, suffix: String = "") {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.suffix = suffix
    }

    /// Parses "1", "1.4", "1.4.0", "v1.4.0-beta.1+7"; nil for anything else, an empty
    /// pre-release identifier ("1.0.0-", "1.0.0-a..b") included.
    public init?(_ text: String) {
        var body = Substring(text)
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        var suffix = ""
        if let cut = body.firstIndex(where: { $0 == "-" || $0 == "+" }) {
            suffix = String(body[cut...])
            body = body[..<cut]
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2], suffix: suffix)
        if suffix.hasPrefix("-") {
            let identifiers = preRelease.split(separator: ".", omittingEmptySubsequences: false)
            guard identifiers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else { return nil }
        }
    }

    public var description: String { "\(major).\(minor).\(patch)\(suffix)" }

    /// The pre-release identifiers without their "-" ("beta.1"); empty for a release.
    public var preRelease: Substring {
        guard suffix.hasPrefix("-") else { return "" }
        let rest = suffix.dropFirst()
        return rest.prefix { $0 != "+" }
    }

    /// True for a pre-release such as "2.0.0-beta.1".
    public var isPreRelease: Bool { !preRelease.isEmpty }

    public static func < (left: SemanticVersion, right: SemanticVersion) -> Bool {
        let leftNumbers = (left.major, left.minor, left.patch)
        let rightNumbers = (right.major, right.minor, right.patch)
        if leftNumbers != rightNumbers { return leftNumbers < rightNumbers }
        return comparePreReleases(left.preRelease, right.preRelease) < 0
    }

    /// Same precedence: equal numbers and pre-release; build metadata is ignored.
    public func hasSamePrecedence(as other: SemanticVersion) -> Bool {
        !(self < other) && !(other < self)
    }

    /// Equal numbers; the suffix is ignored.
    public func hasSameNumbers(as other: SemanticVersion) -> Bool {
        (major, minor, patch) == (other.major, other.minor, other.patch)
    }

    /// The most significant part that went up from `earlier` to `self`; nil when `self` is not
    /// newer than `earlier` (a release after its own pre-release counts as a patch).
    public func bump(since earlier: SemanticVersion) -> Part? {
        guard earlier < self else { return nil }
        if major != earlier.major { return .major }
        if minor != earlier.minor { return .minor }
        return .patch
    }

    /// -1, 0 or 1 as SemVer 2.0 orders pre-releases: none ranks above any; identifiers compare
    /// one by one, numbers numerically and below words, words in ASCII order; a shorter list
    /// whose identifiers all match ranks first.
    static func comparePreReleases(_ left: Substring, _ right: Substring) -> Int {
        if left.isEmpty || right.isEmpty {
            return left.isEmpty == right.isEmpty ? 0 : (left.isEmpty ? 1 : -1)
        }
        let leftParts = left.split(separator: ".", omittingEmptySubsequences: false)
        let rightParts = right.split(separator: ".", omittingEmptySubsequences: false)
        for (a, b) in zip(leftParts, rightParts) where a != b {
            let aNumber = a.allSatisfy(\.isASCIINumber) ? a : nil
            let bNumber = b.allSatisfy(\.isASCIINumber) ? b : nil
            switch (aNumber, bNumber) {
            case let (x?, y?):
                // Compared as digit strings, so a number of any length orders correctly.
                let x = x.drop { $0 == "0" }
                let y = y.drop { $0 == "0" }
                if x.count != y.count { return x.count < y.count ? -1 : 1 }
                if x != y { return x < y ? -1 : 1 }
            case (.some, nil): return -1
            case (nil, .some): return 1
            case (nil, nil): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? -1 : 1
            }
        }
        return leftParts.count == rightParts.count ? 0 : (leftParts.count < rightParts.count ? -1 : 1)
    }
}

extension Character {
    fileprivate var isASCIINumber: Bool { isASCII && isNumber }
}
