import Foundation
import OnboardDisk
import OnboardKit
import Testing

@testable import OnboardRun

/// The checkout sheet's desk with keygen.sh's own encrypted files: without a key it answers
/// that the file is locked, a wrong key that the key does not open it (nothing stored), and the
/// right key stores the file with its key (0600), as `license add --key` does.
@Suite struct CheckoutDeskLicenseKeyTests {
    struct Sample: Sendable, CustomStringConvertible {
        let file: String
        let licenseKey: String
        /// A date inside the file's and its entitlements' validity.
        let now: String
        let product: String
        let entitlement: String
        let licensee: String
        var description: String { file }
    }

    /// keygen's example files (Tests/LicensingTests/Fixtures/keygen/README.md).
    static let samples = [
        Sample(
            file: "cpp.lic", licenseKey: "E1FBA2-5488D8-8AC81A-53157E-01939A-V3", now: "2022-09-01T00:00:00Z",
            product: "3bf34475-dfb4-42d8-a763-a2c89507f16d", entitlement: "FEATURE_ENTITLEMENT_A",
            licensee: "Example User"),
        Sample(
            file: "rust.lic", licenseKey: "988214-879010-F1185E-B37E91-E53AF5-V3", now: "2022-09-01T00:00:00Z",
            product: "174c3c8f-6d7f-4161-aa8e-54231ab0b911", entitlement: "FEATURE_ENTITLEMENT_B",
            licensee: "Example User"),
        Sample(
            file: "node.lic", licenseKey: "DC00E8-CC6DA1-2E35BF-BBDC02-E80494-V3", now: "2024-05-01T00:00:00Z",
            product: "c9544ed3-f215-4fb5-bfa7-626bb03125a0", entitlement: "OFFLINE_SUPPORT", licensee: "Test User"),
        Sample(
            file: "csharp.lic", licenseKey: "AFCC0A-B8C07F-F77E6C-93FB02-9FC515-V3", now: "2023-09-01T00:00:00Z",
            product: "553360c8-2ee1-49bc-b1e6-5edae9837b0a", entitlement: "DEMO_ENTITLEMENT",
            licensee: "C# Example License"),
    ]
    static let keygenPublicKey = "ed25519:e8601e48b69383ba520245fd07971e983d06d22c4257cfd82304601479cee788"
    static let fixtures = SessionFixtures.repository.appendingPathComponent("Tests/LicensingTests/Fixtures/keygen")

    static func text(_ file: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
    }

    /// The built-in catalog sold for real under keygen's key, for `sample`'s keygen product,
    /// its entitlement standing for the catalog's one entitlement.
    static func desk(for sample: Sample, in fixtures: SessionFixtures) throws -> CheckoutDesk {
        let source = SessionFixtures.repository.appendingPathComponent("Assets/default-catalog.json")
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        catalog.removeValue(forKey: "$schema")
        catalog["licensing"] = ["mode": "signed", "publicKeys": [keygenPublicKey], "keygenProduct": sample.product]
        var entitlements = try #require(catalog["entitlements"] as? [[String: Any]])
        entitlements[0]["id"] = sample.entitlement
        catalog["entitlements"] = entitlements
        let path = fixtures.root + "/catalog.json"
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))
        let loaded = try #require(CatalogDecoder.load(path: path, fileReader: UserFile.readCatalog).catalog)
        return CheckoutDesk(
            stateDirectory: fixtures.stateDirectory, catalog: loaded, appID: SessionFixtures.appID, environment: [:])
    }

    func storedFiles(_ fixtures: SessionFixtures) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.stateDirectory + "/licenses")) ?? []).sorted()
    }

    @Test(arguments: samples)
    func withoutAKeyOrWithAWrongOneNothingIsStoredAndTheSheetIsAskedForTheKey(sample: Sample) throws {
        let fixtures = try SessionFixtures()
        let desk = try Self.desk(for: sample, in: fixtures)
        let now = try RFC3339Date.parse(sample.now)
        let license = try Self.text(sample.file)
        guard case .licenseChecked(.locked(let reason), _) = desk.verify(license, at: now) else {
            Issue.record("an encrypted file without its key is not answered as locked")
            return
        }
        #expect(reason.contains("encrypted"))
        for other in Self.samples where other.licenseKey != sample.licenseKey {
            let answer = desk.verify(license, key: LicenseSecret(licenseKey: other.licenseKey), at: now)
            #expect(
                answer
                    == .licenseChecked(.wrongKey(reason: "the license key does not open this file"), licenses: []))
        }
        #expect(storedFiles(fixtures).isEmpty)
    }

    @Test(arguments: samples)
    func theRightKeyStoresTheFileAndItsKeyAndTheLinesSayLicensed(sample: Sample) throws {
        let fixtures = try SessionFixtures()
        let desk = try Self.desk(for: sample, in: fixtures)
        let now = try RFC3339Date.parse(sample.now)
        let answer = desk.verify(try Self.text(sample.file), key: LicenseSecret(licenseKey: sample.licenseKey), at: now)
        guard case .licenseChecked(.licensed(let name), let licenses?) = answer else {
            Issue.record("not licensed: \(answer)")
            return
        }
        #expect(name == sample.licensee)
        #expect(licenses.count == 1 && licenses[0].licensee?.text?.contains(sample.licensee) == true, "\(licenses)")
        let files = storedFiles(fixtures)
        #expect(files.count == 2 && files.contains { $0.hasSuffix(".key") }, "\(files)")
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: fixtures.stateDirectory + "/licenses/" + file)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
        }
        let keyFile = try #require(files.first { $0.hasSuffix(".key") })
        let stored = try String(contentsOfFile: fixtures.stateDirectory + "/licenses/" + keyFile, encoding: .utf8)
        #expect(stored.trimmingCharacters(in: .newlines) == sample.licenseKey)
        // What `has` reads afterwards opens with the stored key, at the same date.
        let read = StoredLicenses.read(
            stateDirectory: fixtures.stateDirectory, keys: desk.catalog.licensing?.publicKeys ?? [],
            audience: desk.audience, now: now)
        #expect(read.verified.count == 1 && read.refused.isEmpty)
        #expect(desk.licenses(now) == licenses)
    }

    @Test func aMachineFileOfAnotherMachineIsAnsweredWithTheMachinesReason() throws {
        let fixtures = try SessionFixtures()
        let desk = try Self.desk(for: Self.samples[0], in: fixtures)
        let answer = desk.verify(
            try Self.text("machine.lic"), key: LicenseSecret(licenseKey: "B10760-1B177D-656D1F-C03298-9AF89E-V3"),
            at: try RFC3339Date.parse("2022-08-01T00:00:00Z"))
        guard case .licenseChecked(.wrongKey(let reason), _) = answer else {
            // A machine without a machine id has no fingerprint: then the file cannot open at all.
            #expect(answer.isRefusal, "\(answer)")
            return
        }
        #expect(reason.contains("another machine"))
        #expect(storedFiles(fixtures).isEmpty)
    }
}

extension Message {
    fileprivate var isRefusal: Bool {
        if case .licenseChecked(.refused, _) = self { return true }
        return false
    }
}
