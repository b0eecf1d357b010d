import FoundationEssentials
import OnboardDisk
import OnboardKit
import OnboardSignature

/// The licenses stored in a state directory that verify for one app now: what `has`, `status`
/// and a Swift host count. Every file is verified at every read; one that fails is left out
/// and said why, never counted.
public struct StoredLicenses: Sendable {
    public var verified: [License]
    /// Each stored file that grants nothing, with why: damaged, another app's, another key's.
    public var refused: [(path: String, reason: String)]

    /// Reads and verifies every license in `stateDirectory` against `keys` for `audience` at `now`.
    public static func read(
        stateDirectory: String, keys: [LicensePublicKey], audience: LicenseVerifier.Audience, now: Date
    ) -> StoredLicenses {
        let verifier = Self.verifier(keys: keys, audience: audience)
        var result = StoredLicenses(verified: [], refused: [])
        for entry in LicenseStore(stateDirectory: stateDirectory).entries() {
            if let problem = entry.problem {
                result.refused.append((entry.path, problem))
                continue
            }
            let secret = entry.licenseKey.map { LicenseSecret(licenseKey: $0) }
            switch verifier.verify(entry.bytes, now: now, secret: secret) {
            case .success(let license): result.verified.append(license)
            case .failure(let rejection): result.refused.append((entry.path, rejection.reason))
            }
        }
        return result
    }

    /// The keys and audience a catalog's licensing names, with `extraKeys` (`--public-key`) beside them.
    public static func keys(of catalog: Catalog?, extraKeys: [LicensePublicKey]) -> [LicensePublicKey] {
        var keys = catalog?.licensing?.publicKeys ?? []
        for key in extraKeys where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// Why a license was not added: it is bad or grants nothing now (`refused`), it is encrypted
    /// and needs its license key (`locked`) or another one (`wrongKey`), or it could not be
    /// written (`unsaved`).
    public enum AddFailure: Error, Sendable {
        case refused(String)
        /// The file is encrypted and no license key was given.
        case locked(String)
        /// The license key given does not open the file: another key may (the checkout sheet
        /// asks again).
        case wrongKey(String)
        case unsaved(String)
    }

    /// How stored and added licenses are checked: the signature, keygen.sh's encryption (GNU
    /// Nettle's AES-256-GCM), and for a machine file this machine's fingerprint for the app (the
    /// machine id is read only when a machine file is verified).
    public static func verifier(keys: [LicensePublicKey], audience: LicenseVerifier.Audience) -> LicenseVerifier {
        LicenseVerifier(
            keys: keys, audience: audience, signatureCheck: Ed25519.isValid,
            opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:),
            machineFingerprint: audience.appID.flatMap { try? MachineIdentity.fingerprint(appID: $0).get() })
    }

    /// Verifies `bytes` as `has` does and, when they grant something of `catalog` now, stores
    /// them in `stateDirectory`: what `license add` and the checkout sheet's paste both do. An
    /// encrypted file opens with `licenseKey`, which is stored beside it; a wrong key stores
    /// nothing.
    public static func add(
        _ bytes: [UInt8], stateDirectory: String, keys: [LicensePublicKey], audience: LicenseVerifier.Audience,
        catalog: Catalog?, now: Date, licenseKey: String? = nil
    ) -> Result<License, AddFailure> {
        let verifier = verifier(keys: keys, audience: audience)
        let license: License
        switch verifier.verify(bytes, now: now, secret: licenseKey.map { LicenseSecret(licenseKey: $0) }) {
        case .success(let verified): license = verified
        case .failure(let rejection) where rejection.check == .licenseKey:
            return .failure(licenseKey == nil ? .locked(rejection.reason) : .wrongKey(rejection.reason))
        case .failure(let rejection): return .failure(.refused(rejection.reason))
        }
        if let reason = LicenseUsefulness.reasonItGrantsNothing(license, catalog: catalog, now: now) {
            return .failure(.refused(reason))
        }
        do {
            try StateDirectory.create(stateDirectory)
            try LicenseStore(stateDirectory: stateDirectory).add(
                bytes, licenseID: license.id, licenseKey: license.isEncrypted ? licenseKey : nil)
        } catch {
            return .failure(.unsaved(error.description))
        }
        return .success(license)
    }
}
