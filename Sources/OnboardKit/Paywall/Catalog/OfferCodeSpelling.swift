/// The characters an offer code may hold. Customers type codes into a box in the terminal, so a
/// code is short plain ASCII: letters, digits, `-` and `_`, nothing a keyboard layout or a paste
/// could turn into a look-alike.
enum OfferCodeSpelling {
    static let maximumLength = 64

    /// Why `code` cannot be an offer code, phrased to follow the quoted code; nil when it can.
    static func problem(with code: String) -> String? {
        let reason = "a customer types the code, so it"
        if code.isEmpty { return "is empty; \(reason) needs at least one letter or digit" }
        if let bad = code.unicodeScalars.first(where: { !isAllowed($0) }) {
            let shown = bad == " " ? "a space" : "\"\(SafeText.sanitize(String(bad)))\""
            return "holds \(shown); \(reason) may hold only letters A-Z and a-z, digits, \"-\" and \"_\""
        }
        if code.utf8.count > maximumLength {
            return "is \(code.utf8.count) characters long; \(reason) has at most \(maximumLength)"
        }
        return nil
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", "_": return true
        default: return false
        }
    }
}
