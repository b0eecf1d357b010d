/// A license read without its signature checked, for the vendor's `inspect`: the envelope,
/// and the payload when it decodes. Nothing read this way ever grants anything.
public struct LicenseReader: Sendable {
    public var envelope: LicenseEnvelope
    public var format: LicenseArmor.Format
    public var license: Result<License, LicenseRejection>

    public static func read(_ bytes: [UInt8]) -> Result<LicenseReader, LicenseRejection> {
        if let rejection = LicenseVerifier.sizeRejection(bytes) { return .failure(rejection) }
        return LicenseVerifier.openEnvelope(bytes).map { envelope, format in
            let license: Result<License, LicenseRejection>
            do {
                let payload = try StrictBase64.decode(envelope.encodedPayload)
                license = LicensePayloadReader.read(payload, format: format)
            } catch {
                license = .failure(LicenseRejection(.base64, "the payload \"enc\" is not base64: \(error)"))
            }
            return LicenseReader(envelope: envelope, format: format, license: license)
        }
    }
}
