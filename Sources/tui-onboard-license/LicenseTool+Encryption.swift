import OnboardBase
import OnboardLicense
import OnboardSignature
import OnboardSigning

extension LicenseTool {
    /// The license key `--license-key` gives, or the first line of `--license-key-file` (which
    /// keeps it out of the process list); nil when neither is given.
    func licenseSecret(_ options: ToolOptions) -> Result<LicenseSecret?, ToolFailure> {
        if let key = options.value("license-key") {
            guard options.value("license-key-file") == nil else {
                return .failure(ToolFailure(2, "give --license-key or --license-key-file, not both"))
            }
            return Self.secret(key, from: "--license-key")
        }
        guard let path = options.value("license-key-file") else { return .success(nil) }
        return readFile(path, limit: 4096).flatMap { Self.secret(String(decoding: $0, as: UTF8.self), from: path) }
    }

    /// `sign`'s encryption: the license key when `--encrypt` is given, and a usage error for a
    /// key without `--encrypt` or `--encrypt` without a key.
    func encryption(for options: ToolOptions) -> Result<LicenseSecret?, ToolFailure> {
        licenseSecret(options).flatMap { secret in
            switch (options.flags.contains("encrypt"), secret) {
            case (true, nil):
                return .failure(
                    ToolFailure(2, "--encrypt needs the license key the file will open with: --license-key LK"))
            case (false, .some):
                return .failure(ToolFailure(2, "--license-key encrypts only with --encrypt"))
            default: return .success(secret)
            }
        }
    }

    /// AES-256-GCM under the SHA-256 of the license key, with a fresh random IV, as keygen.sh
    /// encrypts.
    static func seal(with secret: LicenseSecret) -> ([UInt8]) -> LicenseEncryption.Parts {
        { plaintext in
            let iv = Ed25519SigningKey.randomBytes(AES256GCM.ivLength)
            let key = SHA256.digest(LicenseEncryption.keyMaterial(secret, fingerprint: nil))
            let sealed = AES256GCM.seal(plaintext: plaintext, iv: iv, key: key)!
            return LicenseEncryption.Parts(ciphertext: sealed.ciphertext, iv: iv, tag: sealed.tag)
        }
    }

    private static func secret(_ text: String, from source: String) -> Result<LicenseSecret?, ToolFailure> {
        guard let secret = LicenseSecret(parsing: text) else {
            return .failure(ToolFailure(2, "\(source): \(LicenseSecret.expectedForm)"))
        }
        return .success(secret)
    }
}
