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

    init(stateDirectory: String, catalog: Catalog, appID: String, environment: [String: String]) {
        self.stateDirectory = stateDirectory
        self.catalog = catalog
        self.appID = appID
        self.environment = environment
    }

    var audience: LicenseVerifier.Audience { .init(appID: appID, keygenProduct: catalog.licensing?.keygenProduct) }

    /// Verifies `text` as `license add` does and stores it when it grants something now.
    func verify(_ text: String, now: Date = Date()) -> Message {
        let added = StoredLicenses.add(
            Array(text.utf8), stateDirectory: stateDirectory, keys: catalog.licensing?.publicKeys ?? [],
            audience: audience, catalog: catalog, now: now)
        let license: License
        switch added {
        case .success(let stored): license = stored
        case .failure(.refused(let reason)):
            return .licenseChecked(.refused(reason: reason), licenses: licenses(now))
        case .failure(.locked(let reason)):
            // The sheet takes no license key yet: the command line does.
            return .licenseChecked(
                .refused(reason: reason + "; add it with tui-onboard license add FILE --key LICENSE-KEY"),
                licenses: licenses(now))
        case .failure(.unsaved(let reason)):
            return .licenseChecked(
                .refused(reason: "it is valid but could not be stored: \(reason)"), licenses: licenses(now))
        }
        let name = license.licensee?.name ?? license.licensee?.email ?? license.id
        return .licenseChecked(.licensed(to: name), licenses: licenses(now))
    }

    /// The licenses stored now that verify, for the paywall to count.
    func licenses(_ now: Date = Date()) -> [License] {
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
