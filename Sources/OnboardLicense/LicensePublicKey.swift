/// A vendor's Ed25519 public key as catalogs and the command line write it:
/// `ed25519:` and 64 hexadecimal digits.
public struct LicensePublicKey: Hashable, Sendable, CustomStringConvertible {
    public static let prefix = "ed25519:"
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// The key `text` spells, or why it is not one.
    public static func parse(_ text: String) -> Result<LicensePublicKey, ParseError> {
        guard text.hasPrefix(prefix) else {
            return .failure(ParseError(reason: "a public key starts with \"\(prefix)\""))
        }
        let digits = Array(text.utf8.dropFirst(prefix.utf8.count))
        guard digits.count == 64 else {
            return .failure(ParseError(reason: "an Ed25519 public key is 64 hex digits, not \(digits.count)"))
        }
        guard let bytes = Hex.decode(digits) else {
            return .failure(ParseError(reason: "a public key is hexadecimal digits (0-9, a-f) after \"\(prefix)\""))
        }
        return .success(LicensePublicKey(bytes: bytes)!)
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    public var description: String { Self.prefix + Hex.encode(bytes) }

    /// The short name a license's `kid` gives its key: the first 16 hex digits.
    public var keyID: String { String(Hex.encode(bytes).prefix(16)) }

    /// True when a license's `kid` names this key: its short name or its whole spelling.
    public func isNamed(_ kid: String) -> Bool {
        let lowered = kid.lowercased()
        return lowered == keyID || lowered == description || lowered == Hex.encode(bytes)
    }
}
