import FoundationEssentials
import OnboardBase

/// A license about to be signed: the v1 payload, written in one fixed form (sorted keys, no
/// spaces), and wrapped in its envelope and armor once signed.
public struct LicenseIssue: Sendable, Equatable {
    public var appID: String
    public var id: String
    public var issued: Date
    public var licensee: License.Licensee?
    public var grants: [License.Grant]

    public init(appID: String, id: String, issued: Date, licensee: License.Licensee?, grants: [License.Grant]) {
        self.appID = appID
        self.id = id
        self.issued = issued
        self.licensee = licensee
        self.grants = grants
    }

    /// The payload's JSON, as `enc` encodes it.
    public var payloadJSON: String {
        var members = [
            "\"app\":\(JSONString.quoted(appID))",
            "\"grants\":[" + grants.map(Self.grantJSON).joined(separator: ",") + "]",
            "\"issued\":\(JSONString.quoted(RFC3339Date.text(of: issued)))",
            "\"lid\":\(JSONString.quoted(id))",
        ]
        if let licensee {
            var parts: [String] = []
            if let email = licensee.email { parts.append("\"email\":\(JSONString.quoted(email))") }
            if let name = licensee.name { parts.append("\"name\":\(JSONString.quoted(name))") }
            members.append("\"licensee\":{" + parts.joined(separator: ",") + "}")
        }
        members.append("\"v\":1")
        return "{" + members.joined(separator: ",") + "}"
    }

    private static func grantJSON(_ grant: License.Grant) -> String {
        var parts = [
            "\"entitlement\":\(JSONString.quoted(grant.entitlement))",
            "\"expires\":" + (grant.expires.map { JSONString.quoted(RFC3339Date.text(of: $0)) } ?? "null"),
        ]
        if let grace = grant.grace { parts.append("\"grace\":\(JSONString.quoted(grace.iso8601))") }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// The envelope before signing: what `sign` must sign is its `signedMessage`.
    public func envelope(keyID: String?) -> LicenseEnvelope {
        LicenseEnvelope(
            encodedPayload: StrictBase64.encode(Array(payloadJSON.utf8)), signature: "", keyID: keyID)
    }

    /// The armored license file, signed by `sign` (the vendor's Ed25519 key).
    public func armored(keyID: String?, sign: ([UInt8]) -> [UInt8]) -> String {
        var envelope = envelope(keyID: keyID)
        envelope.signature = StrictBase64.encode(sign(envelope.signedMessage))
        return LicenseArmor.armored(envelope: Array(envelope.json.utf8))
    }

    /// The license encrypted as keygen.sh encrypts (`aes-256-gcm+ed25519`, in keygen's
    /// `LICENSE FILE` armor, so keygen's own clients open it too): `seal` encrypts the payload
    /// under the license key (AES-256-GCM with a fresh IV, in the shell), `sign` signs
    /// `license/` + the encrypted `enc`.
    public func armoredEncrypted(
        keyID: String?, seal: ([UInt8]) -> LicenseEncryption.Parts, sign: ([UInt8]) -> [UInt8]
    ) -> String {
        var envelope = LicenseEnvelope(
            algorithm: LicenseEncryption.algorithm, encodedPayload: seal(Array(payloadJSON.utf8)).text, signature: "",
            keyID: keyID)
        envelope.signature = StrictBase64.encode(sign(envelope.signedMessage))
        return LicenseArmor.armored(envelope: Array(envelope.json.utf8), label: LicenseArmor.keygenLabel)
    }
}
