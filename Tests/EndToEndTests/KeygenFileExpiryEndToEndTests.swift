import Foundation
import Testing

/// keygen.sh's own example file (rust.lic: the license runs to 2025-01-01, the file was checked
/// out with a one-year TTL that ended 2023-08-08), stored with `license add --key` and read by
/// `status`, `status --json` and `has` at dates on either side of the file's expiry.
@Suite("A keygen file's two expiries end to end")
struct KeygenFileExpiryEndToEndTests {
    typealias T = LicenseToolEncryptionEndToEndTests
    static let product = "174c3c8f-6d7f-4161-aa8e-54231ab0b911"
    static let account = "https://vendor.example.com/account"
    static let beforeFileExpiry = "2023-01-01T00:00:00Z"
    static let afterFileExpiry = "2024-01-01T00:00:00Z"

    /// The built-in catalog sold with keygen's key, its entitlement the one the file grants.
    static func catalog(in directory: TemporaryDirectory) throws -> String {
        try SoldCatalog.write(
            in: directory,
            licensing: [
                "mode": "signed", "publicKeys": [T.keygenPublicKey], "keygenProduct": product, "accountURL": account,
            ], entitlementID: "FEATURE_ENTITLEMENT_A")
    }

    @Test("status says the license's end and the file's apart, then that a new file is needed; has follows the file")
    func statusSaysBothExpiries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let common = ["--catalog", try Self.catalog(in: directory), "--state-dir", directory.path("state")]
        let run = { (arguments: [String], now: String) in
            try CommandRunner.run(try BuiltBinary.path(), arguments + common + ["--now", now])
        }
        let added = try run(["license", "add", T.keygenFile, "--key", T.keygenLicenseKey], Self.beforeFileExpiry)
        #expect(added.status == 0, "\(added.standardError)")

        let valid = try run(["status"], Self.beforeFileExpiry)
        #expect(valid.status == 0, "\(valid.standardError)")
        #expect(
            valid.standardOutput.contains("active    Active until Jan 1, 2025 · license "), "\(valid.standardOutput)")
        #expect(
            valid.standardOutput.contains(
                "This license file must be renewed by Aug 8, 2023: check out a new one from \(Self.account)"),
            "\(valid.standardOutput)")
        let json = try run(["status", "--json"], Self.beforeFileExpiry)
        let entry = try #require(
            ((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["entitlements"]
                as? [[String: Any]])?.first)
        #expect(entry["expiresDate"] as? String == "2025-01-01T00:00:00Z")
        #expect(entry["licenseFileExpiresDate"] as? String == "2023-08-08T17:31:34Z")
        #expect(entry["licenseAccountURL"] as? String == Self.account)
        #expect(entry["active"] as? Bool == true && entry["source"] as? String == "license")

        #expect(try run(["has", "FEATURE_ENTITLEMENT_A"], Self.beforeFileExpiry).status == 0)
        #expect(try run(["has", "FEATURE_ENTITLEMENT_A"], Self.afterFileExpiry).status == 1)

        let stale = try run(["status"], Self.afterFileExpiry)
        #expect(stale.status == 0, "\(stale.standardError)")
        #expect(
            stale.standardOutput.contains("inactive  License file expired on Aug 8, 2023"), "\(stale.standardOutput)")
        #expect(
            stale.standardOutput.contains(
                "Check out a new license file from \(Self.account): the license itself is still valid"),
            "\(stale.standardOutput)")
        #expect(!stale.standardOutput.contains("Not purchased"), "\(stale.standardOutput)")
        let staleJSON = try run(["status", "--json"], Self.afterFileExpiry)
        #expect(
            staleJSON.standardOutput.contains("\"state\" : \"license-file-expired\""), "\(staleJSON.standardOutput)")

        // `license list` says the same of the file, and the vendor's tool refuses it as expired.
        let listed = try run(["license", "list"], Self.afterFileExpiry)
        #expect(listed.standardOutput.contains("the license file expired at 2023-08-08"), "\(listed.standardOutput)")
        let verified = try T.tool([
            "verify", T.keygenFile, "--public-key", T.keygenPublicKey, "--license-key", T.keygenLicenseKey,
            "--now", Self.afterFileExpiry,
        ])
        #expect(
            verified.status == 65 && verified.standardError.contains("check it out again"), "\(verified.standardError)")

        // A stored key that no longer opens the file: status says so on stderr (has stays quiet).
        let keys = try FileManager.default.contentsOfDirectory(atPath: directory.path("state/licenses"))
            .filter { $0.hasSuffix(".key") }
        try #require(keys.count == 1)
        try "988214-879010-F1185E-B37E91-E53AF5-V4\n".write(
            toFile: directory.path("state/licenses/" + keys[0]), atomically: false, encoding: .utf8)
        let refused = try run(["status"], Self.beforeFileExpiry)
        #expect(refused.status == 0)
        #expect(
            refused.standardError.contains("grants nothing: the license key does not open this file"),
            "\(refused.standardError)")
        #expect(refused.standardOutput.contains("inactive"), "\(refused.standardOutput)")
        let has = try run(["has", "FEATURE_ENTITLEMENT_A"], Self.beforeFileExpiry)
        #expect(has.status == 1 && has.standardError.isEmpty, "\(has.standardError)")
    }

    @Test("a file already past its own expiry is not added, and says why")
    func anExpiredFileIsNotAdded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let added = try CommandRunner.run(
            try BuiltBinary.path(),
            [
                "license", "add", T.keygenFile, "--key", T.keygenLicenseKey, "--catalog",
                try Self.catalog(in: directory),
                "--state-dir", directory.path("state"), "--now", Self.afterFileExpiry,
            ])
        #expect(added.status == 65, "\(added.standardError)")
        #expect(added.standardError.contains("the license file expired at 2023-08-08"), "\(added.standardError)")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path("state/licenses")))?.isEmpty ?? true)
    }
}
