/// The armor around a license: a BEGIN line, base64 wrapped over lines, an END line, as
/// tui-onboard writes it (`TUI-ONBOARD LICENSE`) or keygen.sh does (`LICENSE FILE`, and
/// `MACHINE FILE` for a license checked out to one machine). Text before
/// the BEGIN line and after the END line (an e-mail's greeting, a shell prompt) is ignored.
public struct LicenseArmor: Sendable, Equatable {
    public enum Format: String, Hashable, Sendable {
        case tuiOnboard = "tui-onboard"
        case keygen
        /// keygen.sh's machine file: a machine's document with its license included, signed
        /// over `machine/` + `enc`, and when encrypted, opened by the license key and the
        /// machine's fingerprint together.
        case keygenMachine = "keygen-machine"
    }

    public static let ownLabel = "TUI-ONBOARD LICENSE"
    public static let keygenLabel = "LICENSE FILE"
    public static let keygenMachineLabel = "MACHINE FILE"
    public static let lineWidth = 64

    public var format: Format
    /// The base64 between the lines, joined without its line breaks.
    public var body: [UInt8]

    /// The armored block of `bytes`, or why there is none.
    public static func read(_ bytes: [UInt8]) -> Result<LicenseArmor, LicenseRejection> {
        // A terminal's paste ends lines with CR, a file with LF or CRLF: any of them ends a line.
        let lines = bytes.split(omittingEmptySubsequences: false) {
            $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }.map {
            trimmed(Array($0))
        }
        let labels: [(Format, String)] = [
            (.tuiOnboard, ownLabel), (.keygen, keygenLabel), (.keygenMachine, keygenMachineLabel),
        ]
        var found: (format: Format, label: String, line: Int)?
        for (index, line) in lines.enumerated() {
            if let match = labels.first(where: { line == Array("-----BEGIN \($0.1)-----".utf8) }) {
                found = (match.0, match.1, index)
                break
            }
        }
        guard let found else {
            return .failure(LicenseRejection(.armor, "no \"-----BEGIN \(ownLabel)-----\" line: this is not a license"))
        }
        let end = Array("-----END \(found.label)-----".utf8)
        guard let endLine = lines[(found.line + 1)...].firstIndex(of: end) else {
            return .failure(
                LicenseRejection(
                    .armor,
                    "no \"-----END \(found.label)-----\" line after line \(found.line + 1): the license is cut short"))
        }
        var body: [UInt8] = []
        for index in (found.line + 1)..<endLine {
            for (column, byte) in lines[index].enumerated() {
                guard byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") else { continue }
                guard isBase64Character(byte) else {
                    return .failure(
                        LicenseRejection(
                            .armor,
                            "line \(index + 1), column \(column + 1): a character that is not base64 inside the armor"))
                }
                body.append(byte)
            }
        }
        guard !body.isEmpty else {
            return .failure(LicenseRejection(.armor, "nothing between the BEGIN and END lines"))
        }
        return .success(LicenseArmor(format: found.format, body: body))
    }

    /// `envelope` in tui-onboard's armor (or `label`'s), wrapped at 64 columns, ending with a
    /// newline.
    public static func armored(envelope: [UInt8], label: String = ownLabel) -> String {
        let encoded = Array(StrictBase64.encode(envelope).utf8)
        var lines = ["-----BEGIN \(label)-----"]
        var start = 0
        while start < encoded.count {
            let end = min(start + lineWidth, encoded.count)
            lines.append(String(decoding: encoded[start..<end], as: UTF8.self))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func isBase64Character(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// A line without the spaces, tabs and carriage return around it (pastes and Windows editors).
    private static func trimmed(_ line: [UInt8]) -> [UInt8] {
        let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
        guard let first = line.firstIndex(where: { !blank.contains($0) }),
            let last = line.lastIndex(where: { !blank.contains($0) })
        else { return [] }
        return Array(line[first...last])
    }
}
