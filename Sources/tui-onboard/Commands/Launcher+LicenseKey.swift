import FoundationEssentials
import OnboardDisk
import OnboardKit
import OnboardRun

/// The license key of an encrypted license file, and this machine's fingerprint: what
/// keygen.sh's encrypted license and machine files need besides the file.
extension Launcher {
    /// `--key`, or the first line of `--key-file`; nil when neither is given. A key is one word
    /// of printable ASCII, as keygen.sh issues them; it is never printed.
    func readLicenseKey() -> Result<String?, ExitStatus> {
        let given: String
        switch (options.paywall.licenseKey, options.paywall.licenseKeyFile) {
        case (nil, nil): return .success(nil)
        case (.some, .some):
            printError("give --key or --key-file, not both")
            return .failure(ExitStatus(code: ExitCode.usage))
        case (.some(let key), nil): given = key
        case (nil, .some(let path)):
            do {
                let bytes = try UserFile.read(path, limit: 4096)
                given = String(decoding: bytes, as: UTF8.self)
            } catch {
                printError("\(error.description) (the license key file)")
                return .failure(ExitStatus(for: error))
            }
        }
        guard let secret = LicenseSecret(parsing: given) else {
            printError("the license key: \(LicenseSecret.expectedForm)")
            return .failure(ExitStatus(code: ExitCode.usage))
        }
        return .success(secret.licenseKey)
    }

    /// `license fingerprint`: this machine's fingerprint for the app (`MachineIdentity`), which a
    /// vendor's activation sends to keygen.sh so that the machine file it checks out opens here.
    func printFingerprint() -> Int32 {
        // Only the app's id: `--app`, else the deck's; no catalog or state is read.
        let appID: String
        if let given = options.state.appID {
            appID = given
        } else {
            switch loadDeck() {
            case .success(let deck): appID = deck.app.id
            case .failure(let status): return status.code
            }
        }
        switch MachineIdentity.fingerprint(appID: appID) {
        case .success(let fingerprint): return writeOutput(fingerprint + "\n")
        case .failure(let missing):
            printError(missing.description)
            return ExitStatus(for: missing).code
        }
    }
}
