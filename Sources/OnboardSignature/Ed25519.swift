import CSodium

/// Ed25519 signature checks (RFC 8032) by libsodium: the only cryptography the shipped binary
/// runs, and only when a license is verified (nothing here is touched at start-up).
public enum Ed25519 {
    public static let publicKeyLength = 32
    public static let signatureLength = 64

    /// libsodium picks its implementations once; `sodium_init` is safe to call again, and a
    /// static `let` runs it once, on first use.
    private static let isReady: Bool = sodium_init() >= 0

    /// True when `signature` is `publicKey`'s signature of exactly `message`. The Ed25519 call
    /// itself, not the generic `crypto_sign_*` wrapper, whose object file would bring libsodium's
    /// signing and key generation into the shipped binary too. A key or
    /// signature of the wrong length, or a key libsodium refuses (small order, not canonical),
    /// never verifies.
    public static func isValid(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard isReady, signature.count == signatureLength, publicKey.count == publicKeyLength else { return false }
        return signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                publicKey.withUnsafeBufferPointer { keyBytes in
                    crypto_sign_ed25519_verify_detached(
                        signatureBytes.baseAddress!,
                        messageBytes.baseAddress ?? UnsafePointer(signatureBytes.baseAddress!),
                        UInt64(messageBytes.count), keyBytes.baseAddress!) == 0
                }
            }
        }
    }
}
