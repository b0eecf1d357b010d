import CNettle

/// AES-256-GCM by GNU Nettle, as keygen.sh encrypts license and machine files: a 32-byte key,
/// a 12-byte IV, a 16-byte tag and no associated data. Nothing here is written by hand but the
/// calls; the tag is compared in constant time (`nettle_memeql_sec`).
public enum AES256GCM {
    public static let keyLength = 32
    public static let ivLength = 12
    public static let tagLength = 16

    /// The plaintext of `ciphertext` when `tag` authenticates it under `key` and `iv`; nil when
    /// it does not (a wrong key, or any byte of the four changed) or a length is wrong.
    public static func open(ciphertext: [UInt8], iv: [UInt8], tag: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard key.count == keyLength, iv.count == ivLength, tag.count == tagLength else { return nil }
        var context = context(key: key, iv: iv)
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        var computed = [UInt8](repeating: 0, count: tagLength)
        if !ciphertext.isEmpty {
            nettle_gcm_aes256_decrypt(&context, ciphertext.count, &plaintext, ciphertext)
        }
        nettle_gcm_aes256_digest(&context, tagLength, &computed)
        guard nettle_memeql_sec(computed, tag, tagLength) != 0 else {
            // What was decrypted under a tag that does not hold is never handed out.
            for index in plaintext.indices { plaintext[index] = 0 }
            return nil
        }
        return plaintext
    }

    /// `plaintext` encrypted under `key` and `iv` (which must never repeat for one key), with its
    /// tag: what `tui-onboard-license sign --encrypt` writes.
    public static func seal(plaintext: [UInt8], iv: [UInt8], key: [UInt8]) -> (ciphertext: [UInt8], tag: [UInt8])? {
        guard key.count == keyLength, iv.count == ivLength else { return nil }
        var context = context(key: key, iv: iv)
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
        var tag = [UInt8](repeating: 0, count: tagLength)
        if !plaintext.isEmpty {
            nettle_gcm_aes256_encrypt(&context, plaintext.count, &ciphertext, plaintext)
        }
        nettle_gcm_aes256_digest(&context, tagLength, &tag)
        return (ciphertext, tag)
    }

    /// Nettle's state for one message: the key's schedule and the IV set.
    private static func context(key: [UInt8], iv: [UInt8]) -> gcm_aes256_ctx {
        var context = gcm_aes256_ctx()
        nettle_gcm_aes256_set_key(&context, key)
        nettle_gcm_aes256_set_iv(&context, iv.count, iv)
        return context
    }
}

extension AES256GCM {
    /// keygen.sh's opening of an encrypted file: the key is the SHA-256 of `keyMaterial` (the
    /// license key, then a machine file's fingerprint). `LicenseVerifier`'s `opener`.
    public static func open(ciphertext: [UInt8], iv: [UInt8], tag: [UInt8], keyMaterial: [UInt8]) -> [UInt8]? {
        open(ciphertext: ciphertext, iv: iv, tag: tag, key: SHA256.digest(keyMaterial))
    }
}
