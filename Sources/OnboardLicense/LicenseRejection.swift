/// Why a license grants nothing: the first check it failed, in the order they run, and a
/// sentence for the user. Every rejection grants exactly what a missing license grants.
public struct LicenseRejection: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Check: String, Sendable, Equatable, CaseIterable {
        case size, armor, base64, envelope, algorithm, key, signature, licenseKey, payload, machine, app, issued,
            expired, withdrawn
    }

    public var check: Check
    public var reason: String

    public init(_ check: Check, _ reason: String) {
        self.check = check
        self.reason = reason
    }

    public var description: String { reason }
}
