import Foundation
import Testing

@testable import OnboardDisk

/// An encrypted license keeps its key beside it, private to its owner, read back with it and
/// removed with it; an unencrypted copy of the same license takes the key away.
@Suite struct LicenseKeyStorageTests {
    @Test func theKeyIsStoredBesideItsLicenseOwnerOnlyAndRemovedWithIt() throws {
        try withTemporaryDirectory { state in
            let store = LicenseStore(stateDirectory: state)
            try store.add(Array("encrypted".utf8), licenseID: "LIC-1", licenseKey: "KEY-1")
            let keyPath = LicenseStore.keyPath(forLicenseAt: store.path(for: "LIC-1"))
            #expect(keyPath.hasSuffix("/LIC-1.key"))
            let attributes = try FileManager.default.attributesOfItem(atPath: keyPath)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            let entries = store.entries()
            #expect(entries.map { $0.licenseKey } == ["KEY-1"])
            #expect(entries.map { $0.path } == [store.path(for: "LIC-1")])
            #expect(try store.remove(licenseID: "LIC-1"))
            #expect(!FileManager.default.fileExists(atPath: keyPath))
            #expect(store.entries().isEmpty)
        }
    }

    @Test func anUnencryptedCopyTakesTheOldKeyAway() throws {
        try withTemporaryDirectory { state in
            let store = LicenseStore(stateDirectory: state)
            try store.add(Array("encrypted".utf8), licenseID: "LIC-1", licenseKey: "KEY-1")
            try store.add(Array("plain".utf8), licenseID: "LIC-1")
            #expect(store.entries().map { $0.licenseKey } == [nil])
            let keyPath = LicenseStore.keyPath(forLicenseAt: store.path(for: "LIC-1"))
            #expect(!FileManager.default.fileExists(atPath: keyPath))
        }
    }

    @Test func theMachineFingerprintComesFromTheFirstMachineIDThereAndNeverIsTheID() throws {
        try withTemporaryDirectory { folder in
            let id = "5f1e2d3c4b5a69788796a5b4c3d2e1f0"
            let idFile = folder + "/machine-id"
            try writeBytes(Array((id + "\n").utf8), to: idFile)
            let missing = folder + "/none"
            let found = try MachineIdentity.fingerprint(appID: "com.example.tool", idPaths: [missing, idFile]).get()
            #expect(found.count == 64 && !found.contains(id))
            #expect(MachineIdentity.fingerprint(appID: "other", idPaths: [idFile]) != .success(found))
            #expect(
                MachineIdentity.fingerprint(appID: "a", idPaths: [missing])
                    == .failure(MachineIDMissing(paths: [missing])))
        }
    }
}
