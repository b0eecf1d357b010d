import Glibc
import OnboardBase
import OnboardLicense
import OnboardSigning

/// The vendor's secret key on disk: PKCS#8 PEM (RFC 8410), the form OpenSSL reads, so the same
/// file signs with `openssl pkeyutl -sign -rawin -inkey KEY` too.
enum SecretKeyFile {
    /// PKCS#8's fixed DER before an Ed25519 seed: SEQUENCE, version 0, the id-Ed25519 algorithm, the octet string.
    static let derPrefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    static let begin = "-----BEGIN PRIVATE KEY-----"
    static let end = "-----END PRIVATE KEY-----"

    static func pem(of key: Ed25519SigningKey) -> String {
        "\(begin)\n\(StrictBase64.encode(derPrefix + key.seed))\n\(end)\n"
    }

    /// The key in `bytes`, or why they do not hold an Ed25519 PKCS#8 key.
    static func read(_ bytes: [UInt8]) -> Result<Ed25519SigningKey, ToolFailure> {
        let text = String(decoding: bytes, as: UTF8.self)
        let blank: Set<Character> = [" ", "\t", "\r"]
        let lines = text.split(whereSeparator: \.isNewline).map {
            String($0.drop { blank.contains($0) }.reversed().drop { blank.contains($0) }.reversed())
        }
        guard let first = lines.firstIndex(of: begin), let last = lines.firstIndex(of: end), first < last else {
            return .failure(
                ToolFailure(
                    65, "not a secret key: no \"\(begin)\" ... \"\(end)\" block (tui-onboard-license keygen makes one)")
            )
        }
        guard let der = try? StrictBase64.decode(lines[(first + 1)..<last].joined()),
            der.count == derPrefix.count + Ed25519SigningKey.seedLength, Array(der.prefix(derPrefix.count)) == derPrefix
        else {
            return .failure(
                ToolFailure(65, "not an Ed25519 secret key (PKCS#8): another kind of key, or a damaged file"))
        }
        do {
            return .success(try Ed25519SigningKey(seed: Array(der.dropFirst(derPrefix.count))))
        } catch {
            return .failure(ToolFailure(70, "libsodium could not be started"))
        }
    }

    /// Creates `path` with `contents`, mode 0600, never over an existing file or through a link.
    static func create(_ path: String, contents: String) -> ToolFailure? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                return ToolFailure(
                    73, "\(path) exists; a secret key is never overwritten (remove it yourself, or pick another path)")
            }
            return ToolFailure(73, "cannot create \(path): \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        // The mode asked for is cut by the umask, never widened: make it exactly 0600.
        _ = fchmod(descriptor, 0o600)
        guard writeAll(descriptor, contents) else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            return ToolFailure(74, "cannot write \(path): \(reason)")
        }
        guard fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            return ToolFailure(74, "cannot sync \(path): \(reason)")
        }
        return nil
    }
}
