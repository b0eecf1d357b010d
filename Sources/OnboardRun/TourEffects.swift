import OnboardDisk
import OnboardKit
import OnboardTerminal

/// Does what the app asks of the world during a run: one exhaustive `switch` over `Effect`, so
/// that a new effect stops the build here instead of being dropped by a host.
final class TourEffects {
    private let session: TerminalSession
    /// The ledger, recorded in under its lock and watched for other windows' purchases; nil
    /// without a paywall.
    private let ledger: LedgerWatch?
    /// Wakes the loop when the ledger's directory changes, so another window's purchase shows
    /// as it happens, not on the next key.
    let directoryWatch: DirectoryWatch?

    /// Licenses and checkouts, made on the first checkout effect (only a catalog with licensing
    /// opens the sheet), so a tour that sells nothing for real never reads the catalog twice.
    private lazy var checkoutDesk: CheckoutDesk? = {
        guard let makeSetup = paywall else { return nil }
        let catalog = makeSetup().catalog
        guard catalog.licensing != nil else { return nil }
        return CheckoutDesk(
            stateDirectory: licenses.directory, catalog: catalog, appID: licenses.appID,
            environment: licenses.environment)
    }()
    private let paywall: (@Sendable () -> PaywallSetup)?
    private let licenses: (directory: String, appID: String, environment: [String: String])

    init(
        session: TerminalSession, ledgerDirectory: String, paywall: (@Sendable () -> PaywallSetup)?,
        licenses: (directory: String, appID: String, environment: [String: String])
    ) {
        self.session = session
        self.paywall = paywall
        self.licenses = licenses
        ledger = paywall.map { makeSetup in LedgerWatch(directory: ledgerDirectory, gate: { makeSetup().gate }) }
        directoryWatch = paywall == nil ? nil : DirectoryWatch(directory: ledgerDirectory)
    }

    /// Problems with the ledger the app showed, to be said again once the terminal is back.
    var ledgerProblems: [String] { ledger?.reported ?? [] }

    func perform(_ effect: Effect) -> [Message] {
        switch effect {
        case .bell:
            session.ringBell()
            return []
        case .record(let transaction):
            guard let ledger else {
                // A transaction only comes from a paywall, which always has its ledger.
                return [.recordFinished(transactionID: transaction.id, result: .failed("no ledger to record in"))]
            }
            return ledger.record(transaction)
        case .quit:
            // The runner ends the loop on the app's own outcome.
            return []
        case .openAddress(let url):
            return [
                checkoutDesk?.open(url)
                    ?? .addressOpened(failure: Messages.tr("Not opened: nothing is sold for real here"))
            ]
        case .rememberCheckout(let sheet):
            checkoutDesk?.remember(sheet)
            return []
        case .verifyLicense(let text):
            return [
                checkoutDesk?.verify(text)
                    ?? .licenseChecked(.refused(reason: "this catalog takes no licenses"), licenseLines: [])
            ]
        }
    }

    /// What changed on disk since the loop last woke.
    func changes() -> [Message] { ledger?.changes() ?? [] }
}
