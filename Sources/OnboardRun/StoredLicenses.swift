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
        let verifier = LicenseVerifier(keys: keys, audience: audience, signatureCheck: Ed25519.isValid)
        var result = StoredLicenses(verified: [], refused: [])
        for entry in LicenseStore(stateDirectory: stateDirectory).entries() {
            if let problem = entry.problem {
                result.refused.append((entry.path, problem))
                continue
            }
            switch verifier.verify(entry.bytes, now: now) {
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
}
