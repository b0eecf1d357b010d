import FoundationEssentials
import OnboardKit
import OnboardSignature
import OnboardSigning

/// Keys from fixed seeds and licenses signed with them, so every test's files are the same bytes.
enum LicenseFixtures {
    static let vendor = try! Ed25519SigningKey(seed: [UInt8](repeating: 7, count: 32))
    static let stranger = try! Ed25519SigningKey(seed: [UInt8](repeating: 9, count: 32))
    static var vendorKey: LicensePublicKey { LicensePublicKey(bytes: vendor.publicKey)! }
    static var strangerKey: LicensePublicKey { LicensePublicKey(bytes: stranger.publicKey)! }

    static let now = try! RFC3339Date.parse("2026-12-01T12:00:00Z")
    static let appID = "com.example.tool"

    static func date(_ text: String) -> Date { try! RFC3339Date.parse(text) }

    static func issue(
        app: String = appID, issued: Date = date("2026-11-30T00:00:00Z"),
        grants: [License.Grant] = [.init(entitlement: "pro", expires: nil)],
        licensee: License.Licensee? = .init(name: "Ada Lovelace", email: "ada@example.com")
    ) -> LicenseIssue {
        LicenseIssue(appID: app, id: "LIC-1", issued: issued, licensee: licensee, grants: grants)
    }

    /// The armored file of `issue`, signed by `key` (the vendor's unless told otherwise).
    static func file(_ issue: LicenseIssue = issue(), key: Ed25519SigningKey = vendor, keyID: String? = nil) -> [UInt8]
    {
        Array(issue.armored(keyID: keyID) { key.signature(of: $0) }.utf8)
    }

    static func verifier(keys: [LicensePublicKey] = [vendorKey], app: String? = appID, keygenProduct: String? = nil)
        -> LicenseVerifier
    {
        LicenseVerifier(
            keys: keys, audience: .init(appID: app, keygenProduct: keygenProduct), signatureCheck: Ed25519.isValid)
    }

    /// An envelope around `payload` bytes, signed over "license/" + enc, armored with `label`.
    static func envelopeFile(
        payload: [UInt8], label: String = LicenseArmor.ownLabel, alg: String = "base64+ed25519",
        key: Ed25519SigningKey = vendor
    )
        -> [UInt8]
    {
        var envelope = LicenseEnvelope(algorithm: alg, encodedPayload: StrictBase64.encode(payload), signature: "")
        envelope.signature = StrictBase64.encode(key.signature(of: envelope.signedMessage))
        let armored = LicenseArmor.armored(envelope: Array(envelope.json.utf8))
            .replacing("-----BEGIN \(LicenseArmor.ownLabel)-----", with: "-----BEGIN \(label)-----")
            .replacing("-----END \(LicenseArmor.ownLabel)-----", with: "-----END \(label)-----")
        return Array(armored.utf8)
    }
}
