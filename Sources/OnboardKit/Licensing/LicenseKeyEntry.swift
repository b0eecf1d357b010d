/// The checkout sheet asking for the license key of an encrypted file pasted into it: the file,
/// kept while the key is typed, and the key typed so far. The key is drawn only as one bullet a
/// character, and neither a description nor a dump of this value shows it.
public struct LicenseKeyEntry: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The encrypted license text the key is for.
    public let license: String
    /// The key typed or pasted so far, as given (blanks included: `LicenseSecret(parsing:)`
    /// judges it on Enter).
    public private(set) var typedKey = ""
    /// Why the last key given was not taken (malformed, or not this file's), until the next key.
    public var problem: String?

    /// Longer than any key keygen.sh issues: typing past it stops rather than grow without end.
    public static let typedKeyLimit = 1024

    public init(license: String) {
        self.license = license
    }

    /// How many characters the key has, which is all the screen shows of it.
    public var typedCount: Int { typedKey.count }

    /// Adds a typed character; false (nothing added) past `typedKeyLimit` or for a line end.
    @discardableResult
    public mutating func type(_ character: Character) -> Bool {
        guard !character.isNewline, typedKey.count < Self.typedKeyLimit else { return false }
        typedKey.append(character)
        problem = nil
        return true
    }

    /// Adds a paste's first line: a key copied with its line end types no line end, and the
    /// rest of a paste of several lines is not a key's.
    public mutating func paste(_ text: String) {
        for character in text.prefix(while: { !$0.isNewline }) {
            guard type(character) else { break }
        }
    }

    public mutating func deleteBackward() {
        if !typedKey.isEmpty { typedKey.removeLast() }
        problem = nil
    }

    /// Takes the key typed so far out of the entry, which is then empty: a key is held only
    /// until it is submitted. Nil, with `problem` saying why, when it is not a key's form.
    public mutating func takeKey() -> LicenseSecret? {
        defer { typedKey = "" }
        guard let secret = LicenseSecret(parsing: typedKey) else {
            problem = Messages.tr("That is not a license key: {{ reason }}", ["reason": Self.expectedForm])
            return nil
        }
        problem = nil
        return secret
    }

    /// `LicenseSecret.expectedForm` in the user's language (the same words in English; a test
    /// holds them together).
    static var expectedForm: String {
        Messages.tr("a license key is one word of printable ASCII, as keygen.sh issues them")
    }

    /// Never the key, wherever the sheet is printed or dumped by mistake.
    public var description: String { "LicenseKeyEntry(\(typedCount) characters typed, redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["typedCount": typedCount]) }
}
