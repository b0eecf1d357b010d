/// A license handed to the shell and its answer, and the license key an encrypted one asks
/// for: the sheet keeps the file while the key is typed, and holds the key only until it is
/// submitted or given up.
extension CheckoutSheet {
    /// True while typed keys and pastes go to the license key rather than to the sheet's keys.
    public var isAskingForKey: Bool { keyEntry != nil }

    /// `license` goes to the shell to verify; kept until it answers.
    mutating func handOver(_ license: String) {
        isVerifying = true
        verifyingLicense = license
        outcome = nil
    }

    /// The shell's answer to the license handed over: an encrypted one without a key, or with
    /// a key that does not open it, keeps the file and asks for its key (again); anything else
    /// ends the asking and is said.
    mutating func finish(_ answer: Outcome) {
        isVerifying = false
        eraseTyped()
        let license = verifyingLicense
        verifyingLicense = nil
        switch (answer, license) {
        case (.locked, .some(let license)):
            keyEntry = LicenseKeyEntry(license: license)
            outcome = nil
        case (.wrongKey(let reason), .some(let license)):
            keyEntry = LicenseKeyEntry(license: license)
            keyEntry?.problem = Messages.tr("That key was not accepted: {{ reason }}", ["reason": reason])
            outcome = nil
        case (.locked(let reason), nil), (.wrongKey(let reason), nil):
            keyEntry = nil
            outcome = .refused(reason: reason)
        case (.licensed, _), (.refused, _):
            keyEntry = nil
            outcome = answer
        }
    }

    /// The key typed so far, taken out of the sheet with the license it opens, for the shell;
    /// nil (the key gone too, the entry saying why) when it is not a key's form, which needs no
    /// round trip to be told.
    mutating func submitKey() -> (license: String, key: LicenseSecret)? {
        guard var entry = keyEntry else { return nil }
        let key = entry.takeKey()
        keyEntry = entry
        guard let key else { return nil }
        handOver(entry.license)
        return (entry.license, key)
    }

    /// Gives up the encrypted file and its key: the sheet is as before the paste.
    mutating func cancelKeyEntry() {
        keyEntry = nil
    }

    /// Changes the key being typed.
    mutating func editKey(_ change: (inout LicenseKeyEntry) -> Void) {
        guard var entry = keyEntry else { return }
        change(&entry)
        keyEntry = entry
    }
}
