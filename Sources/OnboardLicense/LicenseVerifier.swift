import FoundationEssentials
import OnboardBase

/// Checks a license file the way the issue of trust demands: each check in order, stopping at
/// the first that fails, and the payload read only after the signature holds, so a changed
/// file never does better than a missing one. The signature check itself is handed in (libsodium
/// in the shells), which keeps this core free of C and every rule testable.
public struct LicenseVerifier: Sendable {
    /// Ed25519: true when `signature` is `publicKey`'s signature of `message`.
    public typealias SignatureCheck = @Sendable (_ signature: [UInt8], _ message: [UInt8], _ publicKey: [UInt8]) -> Bool

    /// Larger than any real license (a keygen file with its user and entitlements is a few KB).
    public static let maximumSize = 64 * 1024
    /// How far ahead of the clock an issue time may be: clocks drift, forgeries do not get years.
    public static let allowedClockSkew: TimeInterval = 5 * 60

    /// Who the license must be for.
    public struct Audience: Sendable, Equatable {
        /// Nil accepts a license for any app (the vendor's `verify` without `--app`).
        public var appID: String?
        /// A keygen.sh product id that also names the app (catalog `licensing.keygenProduct`).
        public var keygenProduct: String?

        public init(appID: String?, keygenProduct: String? = nil) {
            self.appID = appID
            self.keygenProduct = keygenProduct
        }

        func accepts(_ license: License) -> Bool {
            appID == nil || license.appID == appID || (keygenProduct != nil && license.appID == keygenProduct)
        }
    }

    public var keys: [LicensePublicKey]
    public var audience: Audience
    public var signatureCheck: SignatureCheck
    /// AES-256-GCM for encrypted files; nil refuses them.
    public var opener: LicenseEncryption.Opener?
    /// This machine's fingerprint (`MachineFingerprint`): a machine file must name it, and an
    /// encrypted one opens only with it; nil refuses machine files. Asked once for each machine
    /// file verified and never for another file, since finding it reads the machine id.
    public var machineFingerprint: @Sendable () -> String?

    public init(
        keys: [LicensePublicKey], audience: Audience, signatureCheck: @escaping SignatureCheck,
        opener: LicenseEncryption.Opener? = nil,
        machineFingerprint: @autoclosure @escaping @Sendable () -> String? = nil
    ) {
        self.keys = keys
        self.audience = audience
        self.signatureCheck = signatureCheck
        self.opener = opener
        self.machineFingerprint = machineFingerprint
    }

    /// The license `bytes` hold when every check passes at `now`; an expired license passes, and
    /// so does a keygen file past its own expiry (what either grants is asked of
    /// `License.activeGrants(at:)`, which counts nothing from an expired file, and
    /// `License.fileExpiryRejection(at:)` says why). An encrypted file opens with `secret`,
    /// after its signature holds.
    public func verify(_ bytes: [UInt8], now: Date, secret: LicenseSecret? = nil) -> Result<License, LicenseRejection> {
        if let rejection = Self.sizeRejection(bytes) { return .failure(rejection) }
        let envelope: LicenseEnvelope
        let format: LicenseArmor.Format
        switch Self.openEnvelope(bytes) {
        case .success(let opened): (envelope, format) = opened
        case .failure(let rejection): return .failure(rejection)
        }
        guard envelope.algorithm == LicenseEnvelope.algorithm || envelope.isEncrypted else {
            return .failure(Self.algorithmRejection(envelope.algorithm))
        }
        let candidates: [LicensePublicKey]
        switch keysToTry(envelope.keyID) {
        case .success(let found): candidates = found
        case .failure(let rejection): return .failure(rejection)
        }
        guard let signature = try? StrictBase64.decode(envelope.signature), signature.count == 64 else {
            return .failure(LicenseRejection(.signature, "the signature is not 64 bytes of base64"))
        }
        let message = envelope.signedMessage
        guard candidates.contains(where: { signatureCheck(signature, message, $0.bytes) }) else {
            return .failure(
                LicenseRejection(
                    .signature,
                    "the signature does not match: the license was changed, or signed with a key "
                        + (keys.count == 1 ? "other than the app's" : "none of the app's \(keys.count) keys is")))
        }
        let fingerprint = format == .keygenMachine ? machineFingerprint() : nil
        let payload: [UInt8]
        switch payloadBytes(envelope, format: format, secret: secret, fingerprint: fingerprint) {
        case .success(let bytes): payload = bytes
        case .failure(let rejection): return .failure(rejection)
        }
        return checkPayload(payload, format: format, now: now, fingerprint: fingerprint).map { license in
            var license = license
            license.isEncrypted = envelope.isEncrypted
            return license
        }
    }

    /// Why `bytes` are too many to be a license, or nil.
    static func sizeRejection(_ bytes: [UInt8]) -> LicenseRejection? {
        guard bytes.count > maximumSize else { return nil }
        return LicenseRejection(.size, "\(bytes.count) bytes, over the \(maximumSize / 1024) KiB a license may be")
    }

    /// The armor, its base64 and the envelope: what `inspect` reads too, without any key.
    public static func openEnvelope(_ bytes: [UInt8]) -> Result<
        (LicenseEnvelope, LicenseArmor.Format), LicenseRejection
    > {
        let armor: LicenseArmor
        switch LicenseArmor.read(bytes) {
        case .success(let read): armor = read
        case .failure(let rejection): return .failure(rejection)
        }
        let envelopeBytes: [UInt8]
        do { envelopeBytes = try StrictBase64.decode(armor.body) } catch {
            return .failure(LicenseRejection(.base64, "the text between the armor lines is not base64: \(error)"))
        }
        return LicenseEnvelope.read(envelopeBytes).map { envelope in
            var envelope = envelope
            if armor.format == .keygenMachine { envelope.prefix = LicenseEnvelope.machineSigningPrefix }
            return (envelope, armor.format)
        }
    }

    static func algorithmRejection(_ algorithm: String) -> LicenseRejection {
        LicenseRejection(
            .algorithm,
            "the license is signed with \(JSONString.quoted(algorithm)); only \"base64+ed25519\" and "
                + "\"aes-256-gcm+ed25519\" are accepted")
    }

    /// The keys a `kid` allows: the one it names, or every key when it names none.
    private func keysToTry(_ keyID: String?) -> Result<[LicensePublicKey], LicenseRejection> {
        guard !keys.isEmpty else {
            return .failure(
                LicenseRejection(
                    .key,
                    "there is no public key to check it with (the catalog's licensing.publicKeys, or --public-key)"))
        }
        guard let keyID else { return .success(keys) }
        let named = keys.filter { $0.isNamed(keyID) }
        guard !named.isEmpty else {
            return .failure(
                LicenseRejection(
                    .key, "it was signed with key \(JSONString.quoted(keyID)), which is not among the app's public keys"
                ))
        }
        return .success(named)
    }

    private func checkPayload(_ payload: [UInt8], format: LicenseArmor.Format, now: Date, fingerprint: String?)
        -> Result<
            License, LicenseRejection
        >
    {
        let license: License
        switch LicensePayloadReader.read(payload, format: format) {
        case .success(let read): license = read
        case .failure(let rejection): return .failure(rejection)
        }
        if format == .keygenMachine, license.machineFingerprint != fingerprint {
            return .failure(
                LicenseRejection(
                    .machine,
                    "the machine file was checked out for another machine: activate this one (tui-onboard license "
                        + "fingerprint) and check out its own file"))
        }
        guard audience.accepts(license) else {
            let named = license.appID.isEmpty ? "names no app" : "is for \(JSONString.quoted(license.appID))"
            return .failure(
                LicenseRejection(.app, "the license \(named), not for \(JSONString.quoted(audience.appID ?? ""))"))
        }
        guard license.issued.timeIntervalSince(now) <= Self.allowedClockSkew else {
            return .failure(
                LicenseRejection(
                    .issued,
                    "the license was issued at \(RFC3339Date.text(of: license.issued)), after now "
                        + "(\(RFC3339Date.text(of: now))): is this machine's clock right?"))
        }
        if license.isWithdrawn, let status = license.keygenStatus {
            return .failure(
                LicenseRejection(
                    .withdrawn,
                    "the license is \(status) at keygen.sh, so it grants nothing: once the vendor reinstates it, "
                        + "check the file out again"))
        }
        return .success(license)
    }
}
