import Foundation
import OnboardKit
import OnboardSignature
import Testing

/// Encrypted licenses tui-onboard's vendor tool makes (`sign --encrypt`): they open with their
/// license key, an independent AES-GCM (Python's `cryptography`) opens them too, and no changed
/// byte of the ciphertext, IV or tag opens, even signed again.
@Suite("encrypted licenses")
struct EncryptedLicenseTests {
    typealias F = LicenseFixtures
    static let licenseKey = "A1B2C3-D4E5F6-071829-3A4B5C-6D7E8F-V3"

    static func seal(_ key: String, iv: [UInt8] = Array(0..<12)) -> ([UInt8]) -> LicenseEncryption.Parts {
        { plaintext in
            let sealed = AES256GCM.seal(plaintext: plaintext, iv: iv, key: SHA256.digest(Array(key.utf8)))!
            return LicenseEncryption.Parts(ciphertext: sealed.ciphertext, iv: iv, tag: sealed.tag)
        }
    }

    static func file(enc: String? = nil) -> [UInt8] {
        let text = F.issue().armoredEncrypted(keyID: nil, seal: seal(licenseKey)) { F.vendor.signature(of: $0) }
        guard let enc else { return Array(text.utf8) }
        // The same envelope with `enc` replaced and signed again by the vendor's key.
        var envelope = LicenseEnvelope(
            algorithm: LicenseEncryption.algorithm, encodedPayload: enc, signature: "", keyID: nil)
        envelope.signature = StrictBase64.encode(F.vendor.signature(of: envelope.signedMessage))
        return Array(LicenseArmor.armored(envelope: Array(envelope.json.utf8), label: LicenseArmor.keygenLabel).utf8)
    }

    static var verifier: LicenseVerifier {
        var verifier = F.verifier()
        verifier.opener = AES256GCM.open(ciphertext:iv:tag:keyMaterial:)
        return verifier
    }

    static var parts: LicenseEncryption.Parts {
        let envelope = try! LicenseVerifier.openEnvelope(file()).get().0
        return try! LicenseEncryption.parts(of: envelope.encodedPayload).get()
    }

    @Test func anEncryptedLicenseOpensWithItsKeyInKeygensArmor() throws {
        let file = Self.file()
        #expect(String(decoding: file, as: UTF8.self).hasPrefix("-----BEGIN LICENSE FILE-----\n"))
        let license = try Self.verifier.verify(file, now: F.now, secret: LicenseSecret(licenseKey: Self.licenseKey))
            .get()
        #expect(license.id == "LIC-1")
        #expect(license.grants.map(\.entitlement) == ["pro"])
    }

    @Test func pythonsCryptographyOpensWhatTheToolSeals() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("encrypted-\(getpid()).lic")
        try Data(Self.file()).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let script = """
            import base64, hashlib, json, sys
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            text = open(sys.argv[1]).read()
            body = "".join(l for l in text.splitlines() if l and not l.startswith("-----"))
            env = json.loads(base64.b64decode(body))
            c, iv, tag = [base64.b64decode(p) for p in env["enc"].split(".")]
            key = hashlib.sha256(sys.argv[2].encode()).digest()
            print(json.loads(AESGCM(key).decrypt(iv, c + tag, None))["lid"])
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, path.path, Self.licenseKey]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "LIC-1\n")
    }

    /// Every byte of the ciphertext, the IV and the tag flipped in turn, and the file signed
    /// again, as a vendor's stolen signing key could: the license key no longer opens it.
    @Test func noChangedByteOfTheCiphertextIVOrTagOpens() {
        let parts = Self.parts
        let secret = LicenseSecret(licenseKey: Self.licenseKey)
        var opened = 0
        for field in 0..<3 {
            let bytes = [parts.ciphertext, parts.iv, parts.tag][field]
            for index in bytes.indices {
                var changed = parts
                switch field {
                case 0: changed.ciphertext[index] ^= 0x01
                case 1: changed.iv[index] ^= 0x80
                default: changed.tag[index] ^= 0x10
                }
                if case .success = Self.verifier.verify(Self.file(enc: changed.text), now: F.now, secret: secret) {
                    opened += 1
                }
            }
        }
        #expect(opened == 0)
    }

    @Test func aChangedEncWithoutANewSignatureFailsAtTheSignatureFirst() throws {
        let original = String(decoding: Self.file(), as: UTF8.self)
        let envelope = try LicenseVerifier.openEnvelope(Array(original.utf8)).get().0
        var changed = Self.parts
        changed.tag[0] ^= 1
        var forged = envelope
        forged.encodedPayload = changed.text
        let file = Array(LicenseArmor.armored(envelope: Array(forged.json.utf8), label: LicenseArmor.keygenLabel).utf8)
        let result = Self.verifier.verify(file, now: F.now, secret: LicenseSecret(licenseKey: Self.licenseKey))
        #expect(result.rejection?.check == .signature)
    }

    @Test(arguments: [
        ("two parts", "QUJD.QUJD"),
        ("a short tag", "QUJD.AAECAwQFBgcICQoL.AAECAwQFBgcICQoLDA0O"),
        ("a long IV", "QUJD.AAECAwQFBgcICQoLDA==.AAECAwQFBgcICQoLDA0ODw=="),
        ("no base64", "QUJD.!!!.AAECAwQFBgcICQoLDA0ODw=="),
    ])
    func aMalformedEncIsSaidPrecisely(name: String, enc: String) {
        let result = Self.verifier.verify(
            Self.file(enc: enc), now: F.now, secret: LicenseSecret(licenseKey: Self.licenseKey))
        #expect(result.rejection?.check == .base64, "\(name)")
    }
}

extension EncryptedLicenseTests {
    @Test func aVerifiedLicenseSaysWhetherItsFileWasEncrypted() throws {
        let secret = LicenseSecret(licenseKey: Self.licenseKey)
        #expect(try Self.verifier.verify(Self.file(), now: F.now, secret: secret).get().isEncrypted)
        #expect(try !Self.verifier.verify(F.file(), now: F.now, secret: secret).get().isEncrypted)
    }
}
