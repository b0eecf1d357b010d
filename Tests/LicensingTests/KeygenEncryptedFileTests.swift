import Foundation
import OnboardKit
import OnboardSignature
import Testing

/// keygen.sh's encrypted files (`aes-256-gcm+ed25519`), as keygen itself made them: the files
/// of its public example repositories open with the keys their READMEs publish, and nothing
/// opens without the right key, the right machine and the right signature.
@Suite("keygen.sh encrypted license and machine files")
struct KeygenEncryptedFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/keygen")
    static let keygenPublicKey = LicensePublicKey(
        bytes: Hex.decode("e8601e48b69383ba520245fd07971e983d06d22c4257cfd82304601479cee788")!)!
    static let machineFingerprint = "198e9fe586114844f6a4eaca5069b41a7ed43fb5a2df84892b69826d64573e39"

    struct Sample: Sendable, CustomStringConvertible {
        let file: String
        let licenseKey: String
        let now: String
        let entitlements: [String]
        var description: String { file }
    }

    static let licenseFiles = [
        Sample(
            file: "cpp.lic", licenseKey: "E1FBA2-5488D8-8AC81A-53157E-01939A-V3", now: "2022-09-01T00:00:00Z",
            entitlements: ["FEATURE_ENTITLEMENT_C", "FEATURE_ENTITLEMENT_B", "FEATURE_ENTITLEMENT_A"]),
        Sample(
            file: "rust.lic", licenseKey: "988214-879010-F1185E-B37E91-E53AF5-V3", now: "2022-09-01T00:00:00Z",
            entitlements: ["FEATURE_ENTITLEMENT_C", "FEATURE_ENTITLEMENT_B", "FEATURE_ENTITLEMENT_A"]),
        Sample(
            file: "node.lic", licenseKey: "DC00E8-CC6DA1-2E35BF-BBDC02-E80494-V3", now: "2024-05-01T00:00:00Z",
            entitlements: ["OFFLINE_SUPPORT"]),
        Sample(
            file: "csharp.lic", licenseKey: "AFCC0A-B8C07F-F77E6C-93FB02-9FC515-V3", now: "2023-09-01T00:00:00Z",
            entitlements: ["DEMO_ENTITLEMENT"]),
    ]

    static func bytes(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(file)))
    }

    static func verifier(fingerprint: String? = nil) -> LicenseVerifier {
        LicenseVerifier(
            keys: [keygenPublicKey], audience: .init(appID: nil), signatureCheck: Ed25519.isValid,
            opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:), machineFingerprint: fingerprint)
    }

    static func date(_ text: String) -> Date { try! RFC3339Date.parse(text) }

    @Test(arguments: licenseFiles)
    func keygensOwnLicenseFileOpensWithItsKey(sample: Sample) throws {
        let license = try Self.verifier().verify(
            try Self.bytes(sample.file), now: Self.date(sample.now),
            secret: LicenseSecret(licenseKey: sample.licenseKey)
        ).get()
        #expect(license.format == .keygen)
        #expect(license.grants.map(\.entitlement) == sample.entitlements)
        #expect(license.keygenStatus == "ACTIVE")
    }

    @Test(arguments: licenseFiles)
    func withoutTheKeyOrWithAnotherLicensesKeyNothingOpens(sample: Sample) throws {
        let file = try Self.bytes(sample.file)
        let now = Self.date(sample.now)
        let missing = Self.verifier().verify(file, now: now)
        #expect(missing.rejection?.check == .licenseKey)
        #expect(missing.rejection?.reason.contains("encrypted") == true)
        for other in Self.licenseFiles where other.licenseKey != sample.licenseKey {
            let wrong = Self.verifier().verify(file, now: now, secret: LicenseSecret(licenseKey: other.licenseKey))
            #expect(wrong.rejection == LicenseRejection(.licenseKey, "the license key does not open this file"))
        }
        let nearlyRight = String(sample.licenseKey.dropLast()) + "4"
        #expect(
            Self.verifier().verify(file, now: now, secret: LicenseSecret(licenseKey: nearlyRight)).rejection?.check
                == .licenseKey)
    }

    @Test func keygensMachineFileOpensOnlyWithItsMachinesFingerprint() throws {
        let file = try Self.bytes("machine.lic")
        let key = LicenseSecret(licenseKey: "B10760-1B177D-656D1F-C03298-9AF89E-V3")
        let now = Self.date("2022-08-01T00:00:00Z")
        // Signature and decryption hold; keygen's sample was checked out without entitlements.
        let opened = Self.verifier(fingerprint: Self.machineFingerprint).verify(file, now: now, secret: key)
        #expect(opened.rejection?.check == .payload)
        #expect(opened.rejection?.reason.contains("include=license.entitlements") == true)
        let read = try LicenseReader.read(
            file, secret: key, machineFingerprint: Self.machineFingerprint,
            opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:)
        ).get()
        #expect(read.format == .keygenMachine)
        #expect(read.envelope.prefix == "machine/")
        let another = String(repeating: "0", count: 64)
        let elsewhere = Self.verifier(fingerprint: another).verify(file, now: now, secret: key)
        #expect(elsewhere.rejection?.check == .licenseKey)
        #expect(elsewhere.rejection?.reason.contains("another machine") == true)
        #expect(Self.verifier().verify(file, now: now, secret: key).rejection?.check == .machine)
    }

    @Test func inspectSaysAnEncryptedPayloadCannotBeShownWithoutItsKey() throws {
        let file = try Self.bytes("rust.lic")
        let locked = try LicenseReader.read(file).get()
        #expect(locked.envelope.isEncrypted)
        #expect(
            locked.license.rejection?.reason == "encrypted: the payload cannot be shown without the license key"
        )
        let opened = try LicenseReader.read(
            file, secret: LicenseSecret(licenseKey: "988214-879010-F1185E-B37E91-E53AF5-V3"),
            opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:)
        ).get()
        #expect(try opened.license.get().id == "5224caee-595b-44cc-bac9-d01787642bac")
    }

    @Test func theSecretNeverPrintsItsKey() {
        let secret = LicenseSecret(licenseKey: "988214-879010-F1185E-B37E91-E53AF5-V3")
        var dumped = ""
        dump(secret, to: &dumped)
        for shown in ["\(secret)", String(reflecting: secret), dumped] {
            #expect(!shown.contains("988214"), "\(shown)")
        }
    }
}

extension Result where Failure == LicenseRejection {
    var rejection: LicenseRejection? {
        if case .failure(let rejection) = self { return rejection }
        return nil
    }
}

/// The fingerprint is keygen's clients' own: Python's `hmac` (as `machineid.hashed_id`) agrees.
@Suite struct MachineFingerprintTests {
    @Test(arguments: [
        ("5f1e2d3c4b5a69788796a5b4c3d2e1f0\n", "com.example.tool"),
        ("5f1e2d3c4b5a69788796a5b4c3d2e1f0", "another.app"),
        ("0123456789abcdef0123456789abcdef", "dev.tui-onboard.demo"),
    ])
    func theFingerprintIsPythonsHMAC(machineID: String, appID: String) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            "import hmac,hashlib,sys;print(hmac.new(sys.argv[1].strip().encode(),sys.argv[2].encode(),"
                + "hashlib.sha256).hexdigest())", machineID, appID,
        ]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(expected.count == 64)
        #expect(MachineFingerprint.of(machineID: machineID, appID: appID) == expected)
    }

    @Test func eachAppSeesItsOwnFingerprintAndNeverTheID() {
        let id = "5f1e2d3c4b5a69788796a5b4c3d2e1f0"
        let first = MachineFingerprint.of(machineID: id, appID: "one")
        #expect(first != MachineFingerprint.of(machineID: id, appID: "two"))
        #expect(!first.contains(id))
    }
}

/// The machine id is read only for a machine file, and once for it: a license file never asks.
@Suite struct MachineFingerprintLazinessTests {
    final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func ask() -> String? {
            lock.withLock { count += 1 }
            return KeygenEncryptedFileTests.machineFingerprint
        }
        var times: Int { lock.withLock { count } }
    }

    @Test func onlyAMachineFileAsksForTheFingerprintAndOnce() throws {
        let asked = Asked()
        let verifier = LicenseVerifier(
            keys: [KeygenEncryptedFileTests.keygenPublicKey], audience: .init(appID: nil),
            signatureCheck: Ed25519.isValid, opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:),
            machineFingerprint: asked.ask())
        let sample = KeygenEncryptedFileTests.licenseFiles[0]
        _ = verifier.verify(
            try KeygenEncryptedFileTests.bytes(sample.file), now: KeygenEncryptedFileTests.date(sample.now),
            secret: LicenseSecret(licenseKey: sample.licenseKey))
        #expect(asked.times == 0)
        let machine = verifier.verify(
            try KeygenEncryptedFileTests.bytes("machine.lic"),
            now: KeygenEncryptedFileTests.date("2022-08-01T00:00:00Z"),
            secret: LicenseSecret(licenseKey: "B10760-1B177D-656D1F-C03298-9AF89E-V3"))
        #expect(machine.rejection?.check == .payload)
        #expect(asked.times == 1)
    }
}
