import Foundation
import Testing

/// The vendor's tool with keygen.sh's encrypted format: `sign --encrypt` makes a file that
/// opens with its license key (and with Python's `cryptography`, as keygen's own clients open
/// it), `verify` and `inspect` open keygen's own example file, and no wrong key opens anything.
@Suite("The license tool's encrypted files")
struct LicenseToolEncryptionEndToEndTests {
    static let keygenFile = BuiltBinary.repositoryRoot.appendingPathComponent(
        "Tests/LicensingTests/Fixtures/keygen/rust.lic"
    ).path
    static let keygenPublicKey = "ed25519:e8601e48b69383ba520245fd07971e983d06d22c4257cfd82304601479cee788"
    static let keygenLicenseKey = "988214-879010-F1185E-B37E91-E53AF5-V3"

    static func tool(_ arguments: [String]) throws -> CommandRunner.Output {
        try CommandRunner.run(try BuiltBinary.licenseToolPath(), arguments)
    }

    @Test("sign --encrypt makes a keygen-format file that only its license key opens")
    func signEncrypted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = directory.path("vendor.key")
        let publicKey = try Self.tool(["keygen", "--out", key]).standardOutput.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let keyFile = directory.path("license-key")
        try "KEY-1234-5678\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        let signed = try Self.tool([
            "sign", "--key", key, "--app", "com.example.tool", "--grant", "pro", "--encrypt", "--license-key-file",
            keyFile,
        ])
        #expect(signed.status == 0, "\(signed.standardError)")
        #expect(signed.standardOutput.hasPrefix("-----BEGIN LICENSE FILE-----\n"))
        let file = directory.path("license.lic")
        try signed.standardOutput.write(toFile: file, atomically: true, encoding: .utf8)

        let opened = try Self.tool(["verify", file, "--public-key", publicKey, "--license-key", "KEY-1234-5678"])
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput.contains("pro: lifetime"))
        let locked = try Self.tool(["verify", file, "--public-key", publicKey])
        #expect(locked.status == 65)
        #expect(locked.standardError.contains("is encrypted"))
        let wrong = try Self.tool(["verify", file, "--public-key", publicKey, "--license-key", "KEY-1234-5679"])
        #expect(wrong.status == 65)
        #expect(wrong.standardError.contains("the license key does not open this file"))

        let python = try CommandRunner.run(
            "/usr/bin/python3",
            [
                "-c",
                "import base64,hashlib,json,sys\nfrom cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
                    + "t=open(sys.argv[1]).read();b=''.join(l for l in t.splitlines() if l and not l.startswith('-----'))\n"
                    + "e=json.loads(base64.b64decode(b));c,i,g=[base64.b64decode(p) for p in e['enc'].split('.')]\n"
                    + "print(json.loads(AESGCM(hashlib.sha256(sys.argv[2].encode()).digest()).decrypt(i,c+g,None))['app'])",
                file, "KEY-1234-5678",
            ])
        #expect(python.status == 0, "\(python.standardError)")
        #expect(python.standardOutput == "com.example.tool\n")
    }

    @Test("verify and inspect open keygen's own encrypted example file with its license key")
    func keygensOwnFile() throws {
        let verified = try Self.tool([
            "verify", Self.keygenFile, "--public-key", Self.keygenPublicKey, "--now", "2022-09-01T00:00:00Z",
            "--license-key", Self.keygenLicenseKey,
        ])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput.hasPrefix("valid license 5224caee-595b-44cc-bac9-d01787642bac"))
        #expect(verified.standardOutput.contains("FEATURE_ENTITLEMENT_A: until 2025-01-01T00:00:00Z"))
        let inspected = try Self.tool(["inspect", Self.keygenFile])
        #expect(inspected.status == 0)
        #expect(inspected.standardOutput.contains("encrypted: the payload cannot be shown without the license key"))
        #expect(!inspected.standardOutput.contains("not base64"))
        let shown = try Self.tool(["inspect", Self.keygenFile, "--license-key", Self.keygenLicenseKey])
        #expect(shown.standardOutput.contains("licensed to Example User"))
    }

    @Test(arguments: [
        (["--encrypt"], "--encrypt needs the license key"),
        (["--license-key", "K-1"], "encrypts only with --encrypt"),
        (["--encrypt", "--license-key", "two words"], "one word of printable ASCII"),
        (["--encrypt", "--license-key", "K-1", "--license-key-file", "/dev/null"], "not both"),
    ])
    func encryptionUsageMistakesAreSaid(extra: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = directory.path("vendor.key")
        _ = try Self.tool(["keygen", "--out", key])
        let signed = try Self.tool(["sign", "--key", key, "--app", "a", "--grant", "pro"] + extra)
        #expect(signed.status == 2)
        #expect(signed.standardError.contains(message), "\(signed.standardError)")
    }
}
