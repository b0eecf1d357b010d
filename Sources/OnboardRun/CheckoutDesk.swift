import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// The shell's side of the checkout sheet: verifying and storing a pasted license, opening the
/// checkout address in a browser, and keeping the pending checkout in the state directory.
final class CheckoutDesk {
    let stateDirectory: String
    let catalog: Catalog
    let appID: String
    let environment: [String: String]
    /// The store's clock: a license is judged at the date the paywall shows (`--now`), as
    /// `license add --now` judges it.
    let clock: StoreClock

    init(
        stateDirectory: String, catalog: Catalog, appID: String, environment: [String: String],
        clock: StoreClock = StoreClock(startWallDate: Date())
    ) {
        self.stateDirectory = stateDirectory
        self.catalog = catalog
        self.appID = appID
        self.environment = environment
        self.clock = clock
    }

    /// The date on the store's clock now.
    var now: Date { clock.simulatedDate(atWall: Date()) }

    var audience: LicenseVerifier.Audience { .init(appID: appID, keygenProduct: catalog.licensing?.keygenProduct) }

    /// Verifies `text` as `license add` does (an encrypted file opened with `key`, which is
    /// stored beside it, 0600) and stores it when it grants something now. An encrypted file
    /// without a key, or with one that does not open it, is answered so, and the sheet asks for
    /// the key.
    func verify(_ text: String, key: LicenseSecret? = nil, at now: Date? = nil) -> Message {
        let now = now ?? self.now
        let added = StoredLicenses.add(
            Array(text.utf8), stateDirectory: stateDirectory, keys: catalog.licensing?.publicKeys ?? [],
            audience: audience, catalog: catalog, now: now, licenseKey: key?.licenseKey)
        let license: License
        switch added {
        case .success(let stored): license = stored
        case .failure(.refused(let reason)):
            return .licenseChecked(.refused(reason: reason), licenses: licenses(now))
        case .failure(.locked(let reason)):
            return .licenseChecked(.locked(reason: reason), licenses: licenses(now))
        case .failure(.wrongKey(let reason)):
            return .licenseChecked(.wrongKey(reason: reason), licenses: licenses(now))
        case .failure(.unsaved(let reason)):
            return .licenseChecked(
                .refused(reason: "it is valid but could not be stored: \(reason)"), licenses: licenses(now))
        }
        let name = license.licensee?.name ?? license.licensee?.email ?? license.id
        return .licenseChecked(.licensed(to: name), licenses: licenses(now))
    }

    /// The licenses stored now that verify, for the paywall to count.
    func licenses(_ now: Date) -> [License] {
        guard let licensing = catalog.licensing else { return [] }
        return StoredLicenses.read(
            stateDirectory: stateDirectory, keys: licensing.publicKeys, audience: audience, now: now
        ).verified
    }

    /// Opens `url` with the first command of `$BROWSER` that starts (`BrowserCommand`), or
    /// `xdg-open`, detached; says which could not be started when none could. Never over SSH
    /// (the browser would open on the far machine, or not at all) or without a display.
    func open(_ url: String) -> Message {
        if environment["SSH_CONNECTION"] != nil || environment["SSH_TTY"] != nil {
            return .addressOpened(
                failure: Messages.tr(
                    "Not opened: this is an SSH session; scan the code or open the address on your own device"))
        }
        let browser = environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 }
        if browser == nil, environment["DISPLAY"] == nil, environment["WAYLAND_DISPLAY"] == nil {
            return .addressOpened(
                failure: Messages.tr("Not opened: there is no display here (and no $BROWSER); scan the code instead"))
        }
        guard let failures = BrowserLauncher.open(url, environment: environment) else {
            return .addressOpened(failure: nil)
        }
        let tried = failures.map { "\($0.name): \($0.reason)" }.joined(separator: "; ")
        return .addressOpened(
            failure: failures.isEmpty
                ? Messages.tr("Not opened: $BROWSER names no command; scan the code instead")
                : Messages.tr(
                    "Not opened: no browser could be started ({{ tried }}); scan the code instead", ["tried": tried]))
    }

    /// Keeps the open checkout in the state (`checkout.json`), so the reference the vendor
    /// sees can be matched to this user later; a failure to write is not the checkout's concern.
    func remember(_ sheet: CheckoutSheet, now: Date = Date()) {
        let json =
            "{\"product\": \(JSONString.quoted(sheet.productID)), \"reference\": \(JSONString.quoted(sheet.reference)), "
            + "\"started\": \(JSONString.quoted(RFC3339Date.text(of: now))), \"url\": \(JSONString.quoted(sheet.url))}\n"
        try? StateDirectory.create(stateDirectory)
        try? AtomicFile(path: PathText.join(stateDirectory, "checkout.json")).write(Array(json.utf8))
    }
}
