import CSodium

/// A vendor's Ed25519 secret key (libsodium): what `tui-onboard-license` signs with. Lives
/// apart from `OnboardSignature` so that the shipped binary links no signing code at all.
public struct Ed25519SigningKey: Sendable {
    public static let seedLength = 32

    /// The 32-byte secret seed (RFC 8032's "secret key").
    public let seed: [UInt8]
    public let publicKey: [UInt8]
    /// libsodium's 64-byte form: the seed, then the public key.
    private let expandedKey: [UInt8]

    public enum KeyError: Error, Equatable { case wrongSeedLength(Int), libraryUnavailable }

    /// The key pair a seed gives, as RFC 8032 derives it.
    public init(seed: [UInt8]) throws(KeyError) {
        guard seed.count == Self.seedLength else { throw .wrongSeedLength(seed.count) }
        guard sodium_init() >= 0 else { throw .libraryUnavailable }
        var publicKey = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        var expanded = [UInt8](repeating: 0, count: Int(crypto_sign_SECRETKEYBYTES))
        _ = crypto_sign_seed_keypair(&publicKey, &expanded, seed)
        self.seed = seed
        self.publicKey = publicKey
        self.expandedKey = expanded
    }

    /// A new key from libsodium's system random source.
    public static func generate() throws(KeyError) -> Ed25519SigningKey {
        guard sodium_init() >= 0 else { throw .libraryUnavailable }
        return try Ed25519SigningKey(seed: randomBytes(seedLength))
    }

    /// `count` bytes from libsodium's system random source (getrandom).
    public static func randomBytes(_ count: Int) -> [UInt8] {
        _ = sodium_init()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    /// The 64-byte signature of `message`.
    public func signature(of message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_BYTES))
        var length: UInt64 = 0
        _ = crypto_sign_detached(&signature, &length, message, UInt64(message.count), expandedKey)
        return signature
    }
}
