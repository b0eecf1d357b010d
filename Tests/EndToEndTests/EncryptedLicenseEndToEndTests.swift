import Foundation
import Testing

/// keygen.sh's encrypted license files from the customer's side: `license add --key` opens and
/// stores one with its key beside it, `has` grants from it in another process, a wrong or
/// missing key stores nothing, `remove` takes the key too; `license fingerprint` prints this
/// machine's fingerprint for the app, never its machine id.
@Suite("Encrypted licenses end to end")
struct EncryptedLicenseEndToEndTests {
    typealias L = LicenseEndToEndTests
    static let licenseKey = "E2E-4C1D-9A7F-V3"

    @Test("add --key stores the file and its key, has grants, remove takes both; no key or a wrong one stores nothing")
    func addWithKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let vendor = try L.vendor(in: directory)
        let state = directory.path("state")
        let tool = try BuiltBinary.path()
        let license = directory.path("ada.lic")
        try L.sign(
            vendor.key, ["--grant", "pro:2099-01-01", "--lid", "ADA-2", "--encrypt", "--license-key", Self.licenseKey]
        ).write(toFile: license, atomically: true, encoding: .utf8)
        let common = ["--catalog", vendor.catalog, "--app", L.appID, "--state-dir", state]

        let locked = try CommandRunner.run(tool, ["license", "add", license] + common)
        #expect(locked.status == 65)
        #expect(locked.standardError.contains("is encrypted") && locked.standardError.contains("--key"))
        let wrong = try CommandRunner.run(tool, ["license", "add", license, "--key", "E2E-4C1D-9A7F-V4"] + common)
        #expect(wrong.status == 65)
        #expect(wrong.standardError.contains("the license key does not open this file"), "\(wrong.standardError)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: state + "/licenses"))?.isEmpty ?? true)

        let keyFile = directory.path("key.txt")
        try (Self.licenseKey + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
        let added = try CommandRunner.run(tool, ["license", "add", license, "--key-file", keyFile] + common)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(!added.standardOutput.contains(Self.licenseKey) && !added.standardError.contains(Self.licenseKey))
        var info = stat()
        #expect(stat(state + "/licenses/ADA-2.key", &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try L.has(vendor.catalog, state) == 0)
        let listed = try CommandRunner.run(tool, ["license", "list"] + common)
        #expect(listed.standardOutput.contains("valid license ADA-2"), "\(listed.standardOutput)")
        #expect(!listed.standardOutput.contains(Self.licenseKey))

        // Without its key the stored file opens no more: it grants nothing, and says why.
        try FileManager.default.removeItem(atPath: state + "/licenses/ADA-2.key")
        #expect(try L.has(vendor.catalog, state) == 1)
        let again = try CommandRunner.run(tool, ["license", "add", license, "--key", Self.licenseKey] + common)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try CommandRunner.run(tool, ["license", "remove", "ADA-2"] + common).status == 0)
        #expect(!FileManager.default.fileExists(atPath: state + "/licenses/ADA-2.key"))
        #expect(try L.has(vendor.catalog, state) == 1)
    }

    @Test("license fingerprint prints the app's fingerprint of this machine, never the machine id")
    func fingerprint() throws {
        let first = try CommandRunner.run(
            try BuiltBinary.path(), ["license", "fingerprint", "--app", "com.example.one"])
        let second = try CommandRunner.run(
            try BuiltBinary.path(), ["license", "fingerprint", "--app", "com.example.two"])
        guard let machineID = try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8) else {
            #expect(first.status == 66 && first.standardError.contains("machine id"))
            return
        }
        #expect(first.status == 0, "\(first.standardError)")
        let printed = first.standardOutput.trimmingCharacters(in: .newlines)
        #expect(printed.count == 64 && printed.allSatisfy(\.isHexDigit))
        #expect(!printed.contains(machineID.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(second.standardOutput != first.standardOutput)
        let python = try CommandRunner.run(
            "/usr/bin/python3",
            [
                "-c",
                "import hmac,hashlib;print(hmac.new(open('/etc/machine-id').read().strip().encode(),"
                    + "b'com.example.one',hashlib.sha256).hexdigest())",
            ])
        #expect(python.standardOutput == first.standardOutput)
    }
}
