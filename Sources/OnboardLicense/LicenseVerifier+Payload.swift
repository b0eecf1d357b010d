import OnboardBase

extension LicenseVerifier {
    /// The payload `envelope` carries, once its signature holds: `enc` decoded, or for an
    /// encrypted file opened with `secret` (and `fingerprint`, this machine's, for a machine file).
    func payloadBytes(
        _ envelope: LicenseEnvelope, format: LicenseArmor.Format, secret: LicenseSecret?, fingerprint: String?
    ) -> Result<[UInt8], LicenseRejection> {
        guard envelope.isEncrypted else {
            do { return .success(try StrictBase64.decode(envelope.encodedPayload)) } catch {
                return .failure(LicenseRejection(.base64, "the signed payload \"enc\" is not base64: \(error)"))
            }
        }
        return Self.open(
            envelope, format: format, secret: secret, machineFingerprint: fingerprint, opener: opener)
    }

    /// An encrypted `envelope`'s payload, or why it does not open. Shared with `LicenseReader`,
    /// which opens a file to show it without checking its signature.
    static func open(
        _ envelope: LicenseEnvelope, format: LicenseArmor.Format, secret: LicenseSecret?, machineFingerprint: String?,
        opener: LicenseEncryption.Opener?
    ) -> Result<[UInt8], LicenseRejection> {
        let isMachineFile = format == .keygenMachine
        guard let secret else {
            return .failure(
                LicenseRejection(
                    .licenseKey,
                    "the \(isMachineFile ? "machine" : "license") file is encrypted: it opens only with the license "
                        + "key it was issued for"))
        }
        guard let opener else {
            return .failure(LicenseRejection(.algorithm, "encrypted license files cannot be opened here"))
        }
        if isMachineFile && machineFingerprint == nil {
            return .failure(LicenseRejection(.machine, "a machine file opens only with this machine's fingerprint"))
        }
        let parts: LicenseEncryption.Parts
        switch LicenseEncryption.parts(of: envelope.encodedPayload) {
        case .success(let read): parts = read
        case .failure(let rejection): return .failure(rejection)
        }
        let material = LicenseEncryption.keyMaterial(secret, fingerprint: isMachineFile ? machineFingerprint : nil)
        guard let plaintext = opener(parts.ciphertext, parts.iv, parts.tag, material) else {
            return .failure(
                LicenseRejection(
                    .licenseKey,
                    isMachineFile
                        ? "the license key and this machine's fingerprint do not open this file: the key is not its "
                            + "license's, or the file was checked out for another machine"
                        : "the license key does not open this file"))
        }
        return .success(plaintext)
    }
}
