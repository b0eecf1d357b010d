import OnboardBase

/// keygen.sh's encrypted files (`aes-256-gcm+ed25519`): `enc` is `ciphertext.iv.tag`, each
/// base64, the payload encrypted with AES-256-GCM under the SHA-256 of the license key (of the
/// license key followed by the machine's fingerprint, for a machine file). The signature covers
/// the encrypted `enc` and is checked first; the cipher itself is handed in (`Opener`, GNU Nettle
/// in the shells), which keeps this module free of C.
public enum LicenseEncryption {
    public static let algorithm = "aes-256-gcm+ed25519"

    /// The plaintext when `tag` authenticates `ciphertext` under `iv` and the key SHA-256 makes of
    /// `keyMaterial`; nil when it does not.
    public typealias Opener =
        @Sendable (_ ciphertext: [UInt8], _ iv: [UInt8], _ tag: [UInt8], _ keyMaterial: [UInt8]) -> [UInt8]?

    /// The three parts of an encrypted `enc`.
    public struct Parts: Sendable, Equatable {
        public var ciphertext: [UInt8]
        public var iv: [UInt8]
        public var tag: [UInt8]

        public init(ciphertext: [UInt8], iv: [UInt8], tag: [UInt8]) {
            self.ciphertext = ciphertext
            self.iv = iv
            self.tag = tag
        }

        /// `enc` as keygen writes it: `ciphertext.iv.tag`.
        public var text: String {
            [ciphertext, iv, tag].map { StrictBase64.encode($0) }.joined(separator: ".")
        }
    }

    /// The parts of `enc`, or why they are not keygen's: three base64 parts, a 12-byte IV and a
    /// 16-byte tag.
    public static func parts(of enc: String) -> Result<Parts, LicenseRejection> {
        let pieces = enc.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3 else {
            return .failure(
                LicenseRejection(
                    .base64, "the encrypted \"enc\" has \(pieces.count) part(s), not ciphertext.iv.tag"))
        }
        var decoded: [[UInt8]] = []
        for (piece, name) in zip(pieces, ["ciphertext", "IV", "tag"]) {
            guard let bytes = try? StrictBase64.decode(Array(piece.utf8)) else {
                return .failure(LicenseRejection(.base64, "the encrypted \"enc\"'s \(name) is not base64"))
            }
            decoded.append(bytes)
        }
        guard decoded[1].count == 12, decoded[2].count == 16 else {
            return .failure(
                LicenseRejection(
                    .base64,
                    "the encrypted \"enc\" has a \(decoded[1].count)-byte IV and a \(decoded[2].count)-byte tag; "
                        + "AES-256-GCM as keygen.sh uses it has 12 and 16"))
        }
        return .success(Parts(ciphertext: decoded[0], iv: decoded[1], tag: decoded[2]))
    }

    /// What SHA-256 turns into the AES key: the license key's UTF-8, then for a machine file
    /// the machine's fingerprint's.
    public static func keyMaterial(_ secret: LicenseSecret, fingerprint: String?) -> [UInt8] {
        Array((secret.licenseKey + (fingerprint ?? "")).utf8)
    }
}

/// What opens an encrypted file: the license key keygen.sh gave the customer (with this
/// machine's fingerprint for a machine file, `LicenseVerifier.machineFingerprint`). Never shown
/// or logged.
public struct LicenseSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public var licenseKey: String

    public init(licenseKey: String) {
        self.licenseKey = licenseKey
    }

    /// The key `text` gives (an option's value, or a key file's first line): one word of
    /// printable ASCII, as keygen.sh issues them, the line's end and surrounding blanks ignored;
    /// nil for anything else.
    public init?(parsing text: String) {
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let words = firstLine.split(whereSeparator: { $0.isWhitespace })
        guard words.count == 1, words[0].unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            return nil
        }
        licenseKey = String(words[0])
    }

    /// What a user is told when `init(parsing:)` refuses a key.
    public static let expectedForm = "a license key is one word of printable ASCII, as keygen.sh issues them"

    /// Never the key itself, wherever a secret is printed or dumped by mistake.
    public var description: String { "LicenseSecret(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
