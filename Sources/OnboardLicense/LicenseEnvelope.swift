import OnboardBase

/// The signed envelope inside the armor: `{"alg", "enc", "sig", "kid"?}`, where `sig` signs
/// the ASCII bytes of `"license/" + enc`, as keygen.sh signs its license files (`"machine/" +
/// enc` for its machine files). `enc` is the payload in base64 (`base64+ed25519`), or encrypted
/// (`aes-256-gcm+ed25519`, `LicenseEncryption`).
public struct LicenseEnvelope: Sendable, Equatable {
    public static let algorithm = "base64+ed25519"
    /// What keygen.sh prefixes to `enc` before signing a license file.
    public static let signingPrefix = "license/"
    /// What it prefixes before signing a machine file.
    public static let machineSigningPrefix = "machine/"

    public var algorithm: String
    public var encodedPayload: String
    public var signature: String
    public var keyID: String?
    /// What the signature covers before `enc`: `signingPrefix`, or `machineSigningPrefix` in a
    /// machine file's armor.
    public var prefix = Self.signingPrefix

    public init(algorithm: String = Self.algorithm, encodedPayload: String, signature: String, keyID: String? = nil) {
        self.algorithm = algorithm
        self.encodedPayload = encodedPayload
        self.signature = signature
        self.keyID = keyID
    }

    /// The bytes the signature covers.
    public var signedMessage: [UInt8] { Array((prefix + encodedPayload).utf8) }

    /// True when `enc` is encrypted (`aes-256-gcm+ed25519`) and opens only with the license key.
    public var isEncrypted: Bool { algorithm == LicenseEncryption.algorithm }

    /// The envelope of JSON `bytes`, or why it is not one.
    public static func read(_ bytes: [UInt8]) -> Result<LicenseEnvelope, LicenseRejection> {
        guard let node = try? JSONParser.parse(bytes), node.members != nil else {
            return .failure(LicenseRejection(.envelope, "the armor does not hold a JSON object"))
        }
        var strings: [String: String] = [:]
        for key in ["alg", "enc", "sig"] {
            guard let member = node[key] else {
                return .failure(LicenseRejection(.envelope, "the envelope has no \"\(key)\""))
            }
            guard let text = member.stringValue else {
                return .failure(
                    LicenseRejection(.envelope, "the envelope's \"\(key)\" is \(member.kindName), not a string"))
            }
            strings[key] = text
        }
        var keyID: String?
        if let kid = node["kid"], !kid.isNull {
            guard let text = kid.stringValue else {
                return .failure(LicenseRejection(.envelope, "the envelope's \"kid\" is \(kid.kindName), not a string"))
            }
            keyID = text
        }
        return .success(
            LicenseEnvelope(
                algorithm: strings["alg"]!, encodedPayload: strings["enc"]!, signature: strings["sig"]!, keyID: keyID))
    }

    /// The envelope as tui-onboard writes it: sorted keys, no spaces.
    public var json: String {
        var members = [
            "\"alg\":\(JSONString.quoted(algorithm))", "\"enc\":\(JSONString.quoted(encodedPayload))",
        ]
        if let keyID { members.append("\"kid\":\(JSONString.quoted(keyID))") }
        members.append("\"sig\":\(JSONString.quoted(signature))")
        return "{" + members.joined(separator: ",") + "}"
    }
}
