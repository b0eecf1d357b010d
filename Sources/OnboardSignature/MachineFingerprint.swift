import CSodium

/// This machine's fingerprint for keygen.sh machine files, as keygen recommends for Linux and its
/// clients compute it (`machineid.hashed_id(app)` in Python, `machineid.ProtectedID(app)` in Go):
/// HMAC-SHA256 keyed by the machine id (`/etc/machine-id`), of the app's id, in lower-case hex.
/// The raw machine id never leaves the machine; each app sees its own fingerprint of it.
public enum MachineFingerprint {
    /// libsodium picks its implementations once, on first use.
    private static let isReady: Bool = sodium_init() >= 0

    /// The fingerprint of the machine whose id is `machineID` (the file's text, surrounding
    /// whitespace ignored), for the app `appID`.
    public static func of(machineID: String, appID: String) -> String {
        precondition(isReady, "libsodium could not start")
        // The id is one word of hex; the file ends it with a newline.
        let key = Array((machineID.split(whereSeparator: \.isWhitespace).first ?? "").utf8)
        let message = Array(appID.utf8)
        var state = crypto_auth_hmacsha256_state()
        var digest = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
        _ = crypto_auth_hmacsha256_final(&state, &digest)
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
