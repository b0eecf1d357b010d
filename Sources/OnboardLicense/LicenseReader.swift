/// A license read without its signature checked, for the vendor's `inspect`: the envelope,
/// and the payload when it decodes (an encrypted one only with its license key). Nothing read
/// this way ever grants anything.
public struct LicenseReader: Sendable {
    public var envelope: LicenseEnvelope
    public var format: LicenseArmor.Format
    public var license: Result<License, LicenseRejection>

    /// `bytes` read; an encrypted payload is opened with `secret` (and `machineFingerprint` for a
    /// machine file) through `opener`, or said to be encrypted.
    public static func read(
        _ bytes: [UInt8], secret: LicenseSecret? = nil, machineFingerprint: String? = nil,
        opener: LicenseEncryption.Opener? = nil
    ) -> Result<LicenseReader, LicenseRejection> {
        if let rejection = LicenseVerifier.sizeRejection(bytes) { return .failure(rejection) }
        return LicenseVerifier.openEnvelope(bytes).map { envelope, format in
            let payload: Result<[UInt8], LicenseRejection>
            if envelope.isEncrypted {
                payload =
                    secret == nil
                    ? .failure(
                        LicenseRejection(
                            .licenseKey, "encrypted: the payload cannot be shown without the license key"))
                    : LicenseVerifier.open(
                        envelope, format: format, secret: secret, machineFingerprint: machineFingerprint,
                        opener: opener)
            } else {
                payload = Result { () throws(StrictBase64.DecodingError) in
                    try StrictBase64.decode(envelope.encodedPayload)
                }.mapError { LicenseRejection(.base64, "the payload \"enc\" is not base64: \($0)") }
            }
            let license = payload.flatMap { LicensePayloadReader.read($0, format: format) }
            return LicenseReader(envelope: envelope, format: format, license: license)
        }
    }
}
