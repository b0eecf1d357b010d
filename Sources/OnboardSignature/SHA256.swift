import CSodium

/// SHA-256 by libsodium: a fixed-length name for what is too long to be one (a license id whose
/// escaped form would not fit a file name). Nothing here is a secret.
public enum SHA256 {
    public static let length = 32
    /// libsodium picks its implementations once, on first use.
    private static let isReady: Bool = sodium_init() >= 0

    /// The digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        precondition(isReady, "libsodium could not start")
        var out = [UInt8](repeating: 0, count: length)
        bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                // libsodium reads nothing through a null pointer when the length is 0.
                _ = crypto_hash_sha256(output.baseAddress!, input.baseAddress, UInt64(input.count))
            }
        }
        return out
    }
}
