/// The checkout sheet of a product sold for real: its address (with the checkout's reference),
/// the pairing code, the license text being typed or pasted back, and the license key an
/// encrypted one asks for (`keyEntry`). Pure state; the paywall's controller opens and drives
/// it, `CheckoutSheetView` draws it.
public struct CheckoutSheet: Hashable, Sendable {
    public var productTitle: String
    public var productID: String
    /// The checkout address with `{ref}` filled in: what the QR code, the text and the link say.
    public var url: String
    public var reference: String
    /// What the license text typed so far holds (keys arriving one by one, as a paste does in a
    /// terminal without bracketed paste); empty until a `-` starts the armor.
    public private(set) var typed: String = ""
    /// What the last license given said: accepted for whom, or why not.
    public var outcome: Outcome?
    /// True while a license handed to the shell is being verified.
    public var isVerifying = false
    /// The license text handed to the shell, kept until it answers: an encrypted one then
    /// waits in `keyEntry` for its key.
    var verifyingLicense: String?
    /// The license key being asked for, with the encrypted license it opens; nil otherwise.
    public internal(set) var keyEntry: LicenseKeyEntry?
    /// The address as a QR code in half blocks, quiet zone included; nil when it cannot be one.
    public let qrLines: [String]?
    /// Why the browser was not opened, when `o` could not open it.
    public var openFailure: String?

    /// What the shell said of a license handed to it.
    public enum Outcome: Hashable, Sendable {
        case licensed(to: String)
        case refused(reason: String)
        /// Encrypted, and no license key was given: the sheet asks for it.
        case locked(reason: String)
        /// The license key given does not open the file: the sheet asks again.
        case wrongKey(reason: String)
    }

    /// Longer than any license: typing past it stops rather than grow without end.
    public static let typedLimit = 64 * 1024

    public init(productTitle: String, productID: String, url: String, reference: String) {
        self.productTitle = productTitle
        self.productID = productID
        self.url = url
        self.reference = reference
        qrLines = (try? QRCode.encode(url, errorCorrection: .medium)).map { QRHalfBlockText.lines(of: $0) }
    }

    /// "7Z4Q-K2MD": the reference's first eight characters, to read out or compare with the web page.
    public var pairingCode: String {
        let code = reference.prefix(8)
        return code.count == 8 ? "\(code.prefix(4))-\(code.suffix(4))" : String(code)
    }

    /// True while typed keys go to the license text rather than to the sheet's keys.
    public var isTyping: Bool { !typed.isEmpty }

    /// Takes one typed character (Enter is a newline); returns the whole text once its END line
    /// is complete, for the shell to verify.
    public mutating func type(_ character: Character) -> String? {
        guard isTyping || character == "-", typed.utf8.count < Self.typedLimit else { return nil }
        typed.append(character)
        guard Self.endsAnArmor(typed) else { return nil }
        defer { typed = "" }
        return typed
    }

    public mutating func eraseTyped() { typed = "" }

    /// True when `text` ends with an armor's END line (`-----END … LICENSE…-----`).
    static func endsAnArmor(_ text: String) -> Bool {
        guard text.hasSuffix("-----"), let end = text.ranges(of: "-----END ").last else { return false }
        let label = text[end.upperBound...].dropLast(5)
        return !label.isEmpty && !label.contains("\n") && text.contains("-----BEGIN ")
    }
}
