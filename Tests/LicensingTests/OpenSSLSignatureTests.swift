import Foundation
import OnboardKit
import OnboardSigning
import Testing

/// A license signed by OpenSSL (`openssl pkeyutl -sign -rawin`), the one-liner vendors are
/// told they can use, verifies; and our signature verifies in OpenSSL.
@Suite("Signatures by OpenSSL")
struct OpenSSLSignatureTests {
    typealias F = LicenseFixtures

    /// The vendor's fixed seed as the PKCS#8 PEM `tui-onboard-license keygen` writes.
    static var keyPEM: String {
        let prefix: [UInt8] = [
            0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
        ]
        return
            "-----BEGIN PRIVATE KEY-----\n\(StrictBase64.encode(prefix + F.vendor.seed))\n-----END PRIVATE KEY-----\n"
    }

    static func openssl(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(output))
    }

    @Test func aLicenseSignedByOpenSSLVerifies() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "openssl-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyPath = directory.appendingPathComponent("key.pem").path
        try Self.keyPEM.write(toFile: keyPath, atomically: true, encoding: .utf8)
        var envelope = F.issue().envelope(keyID: nil)
        // Ed25519 signs in one shot, so OpenSSL wants the message in a file, not a pipe.
        let messagePath = directory.appendingPathComponent("message").path
        try Data(envelope.signedMessage).write(to: URL(fileURLWithPath: messagePath))
        let (status, signature) = try Self.openssl(
            ["pkeyutl", "-sign", "-rawin", "-inkey", keyPath, "-in", messagePath], input: [])
        #expect(status == 0, "openssl could not sign (is openssl installed?)")
        #expect(signature.count == 64)
        // Ed25519 is deterministic: OpenSSL and libsodium give the same bytes.
        #expect(signature == F.vendor.signature(of: envelope.signedMessage))
        envelope.signature = StrictBase64.encode(signature)
        let file = Array(LicenseArmor.armored(envelope: Array(envelope.json.utf8)).utf8)
        _ = try F.verifier().verify(file, now: F.now).get()
        // OpenSSL derives the same public key from the file.
        let (_, der) = try Self.openssl(["pkey", "-in", keyPath, "-pubout", "-outform", "DER"], input: [])
        #expect(Array(der.suffix(32)) == F.vendor.publicKey)
    }
}
