import OnboardKit
import OnboardSignature

/// The file name a license is stored under, made from its whole id: a different id is always a
/// different name, and no id names a path outside the folder.
///
/// The id's letters, digits, `-` and `_` stay, `.` too except first; every other byte is `%XX`.
/// An id whose name that way would not fit (with the temporary name an atomic write uses
/// beside it, in a file system's 255 bytes) is named by the escaped start of it, `~` and the
/// SHA-256 of the whole id in hex: escaping never writes `~`, so the two kinds never meet.
public enum LicenseFileName {
    public static let fileExtension = ".license"
    /// The longest name kept as the escaped id: 255 bytes less what `AtomicFile` adds for its
    /// temporary (".", ".tmp-", a process id of up to 7 digits, "-", 8 hex digits).
    public static let longestPlainName = 255 - 22
    /// How much of the escaped id starts a hashed name, so that a person can tell files apart.
    static let hashedNameStart = 96

    public static func name(for licenseID: String) -> String {
        let escaped = escape(licenseID.utf8)
        if escaped.utf8.count + fileExtension.utf8.count <= longestPlainName { return escaped + fileExtension }
        var start = ""
        for piece in pieces(of: licenseID.utf8) {
            guard start.utf8.count + piece.utf8.count <= hashedNameStart else { break }
            start += piece
        }
        let digest = SHA256.digest(Array(licenseID.utf8))
            .map { String(zeroPadded: $0, radix: 16, width: 2, uppercase: false) }.joined()
        return start + "~" + digest + fileExtension
    }

    /// The name versions before 2026-12-07 stored `licenseID` under: its first 128 bytes escaped.
    /// Two ids that begin alike had the same name, so one overwrote the other.
    public static func earlierName(for licenseID: String) -> String {
        escape(licenseID.utf8.prefix(128)) + fileExtension
    }

    private static func escape(_ bytes: some Sequence<UInt8>) -> String {
        pieces(of: bytes).joined()
    }

    /// Each byte as it is written in a name: itself, or `%XX`.
    private static func pieces(of bytes: some Sequence<UInt8>) -> [String] {
        var pieces: [String] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                pieces.append(String(Unicode.Scalar(byte)))
            case UInt8(ascii: ".") where !pieces.isEmpty:
                pieces.append(".")
            default:
                pieces.append("%" + String(zeroPadded: byte, radix: 16, width: 2, uppercase: true))
            }
        }
        return pieces
    }
}
