/// A version number such as "1.4.0", compared by major, minor and patch.
///
/// Parsing is lenient in the ways app versions vary: a leading "v", missing trailing parts
/// ("1.4" is 1.4.0), and a pre-release or build suffix ("1.5.0-beta+7"), which is kept as
/// text but does not take part in comparisons.
public struct SemanticVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The parts of a version, from most to least significant.
    public enum Part: Int, Hashable, Sendable, Comparable, CaseIterable {
        case major, minor, patch

        public static func < (left: Part, right: Part) -> Bool { left.rawValue < right.rawValue }
    }

    public var major: Int
    public var minor: Int
    public var patch: Int
    /// Whatever followed "-" or "+", if anything.
    public var suffix: String

    public init(major: Int, minor: Int = 0, patch: Int = 0, suffix: String = "") {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.suffix = suffix
    }

    /// Parses "1", "1.4", "1.4.0", "v1.4.0-beta+7"; nil for anything else.
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
    }

    public var description: String { "\(major).\(minor).\(patch)\(suffix)" }

    public static func < (left: SemanticVersion, right: SemanticVersion) -> Bool {
        (left.major, left.minor, left.patch) < (right.major, right.minor, right.patch)
    }

    /// Equal numbers; the suffix is ignored, as in comparisons.
    public func hasSameNumbers(as other: SemanticVersion) -> Bool {
        (major, minor, patch) == (other.major, other.minor, other.patch)
    }

    /// The most significant part that went up from `earlier` to `self`; nil when `self` is not
    /// newer than `earlier`.
    public func bump(since earlier: SemanticVersion) -> Part? {
        guard earlier < self else { return nil }
        if major != earlier.major { return .major }
        if minor != earlier.minor { return .minor }
        return .patch
    }
}
