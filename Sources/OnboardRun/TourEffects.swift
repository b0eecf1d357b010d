import OnboardDisk
import OnboardKit

/// Does what the app asks of the world during a run: one exhaustive `switch` over `Effect`, so
/// that a new effect stops the build here instead of being dropped by a host.
final class TourEffects {
    /// Rings the terminal's bell (the conversation has none to ring).
    private let ringBell: () -> Void
    /// The ledger, recorded in under its lock and watched for other windows' purchases; nil
    /// without a paywall.
    private let ledger: LedgerWatch?
    /// Wakes the loop when the ledger's directory changes, so another window's purchase shows
    /// as it happens, not on the next key.
    let directoryWatch: DirectoryWatch?

    /// Licenses and checkouts, made on the first checkout effect (only a catalog with licensing
    /// opens the sheet), so a tour that sells nothing for real never reads the catalog twice.
    private lazy var checkoutDesk: CheckoutDesk? = {
        guard let makeSetup = paywall, let licenses else { return nil }
        let setup = makeSetup()
        guard setup.catalog.licensing != nil else { return nil }
        return CheckoutDesk(
            stateDirectory: licenses.directory, catalog: setup.catalog, appID: licenses.appID,
            environment: licenses.environment, clock: setup.clock)
    }()
    private let paywall: (@Sendable () -> PaywallSetup)?
    /// Where licenses are kept; nil when there is nowhere safe (see `TourRun.ledgerDirectory`).
    private let licenses: (directory: String, appID: String, environment: [String: String])?
    /// False when there is no state directory to keep purchases in: nothing can be bought.
    private let keepsPurchases: Bool

    init(
        ringBell: @escaping () -> Void, ledgerDirectory: String?, paywall: (@Sendable () -> PaywallSetup)?,
        licenses: (directory: String, appID: String, environment: [String: String])?
    ) {
        self.ringBell = ringBell
        self.paywall = paywall
        self.licenses = licenses
        keepsPurchases = ledgerDirectory != nil
        guard let ledgerDirectory, let paywall else {
            ledger = nil
            directoryWatch = nil
            return
        }
        ledger = LedgerWatch(directory: ledgerDirectory, gate: { paywall().gate })
        directoryWatch = DirectoryWatch(directory: ledgerDirectory)
    }

    /// Why nothing can be bought in a run that has nowhere to keep purchases.
    static var nowhereToKeepPurchases: String {
        Messages.tr("Nothing can be bought now: there is no safe place to keep purchases")
    }

    /// Problems with the ledger the app showed, to be said again once the terminal is back.
    var ledgerProblems: [String] { ledger?.reported ?? [] }

    func perform(_ effect: Effect) -> [Message] {
        switch effect {
        case .bell:
            ringBell()
            return []
        case .record(let transaction):
            guard let ledger else {
                // A transaction only comes from a paywall, which has its ledger unless the run
                // has nowhere to keep one.
                return [.recordFinished(transactionID: transaction.id, result: .failed(Self.nowhereToKeepPurchases))]
            }
            return ledger.record(transaction)
        case .quit:
            // The runner ends the loop on the app's own outcome.
            return []
        case .openAddress(let url):
            // A checkout paid for with nowhere to keep its license would be money lost.
            let refusal =
                keepsPurchases ? Messages.tr("Not opened: nothing is sold for real here") : Self.nowhereToKeepPurchases
            return [checkoutDesk?.open(url) ?? .addressOpened(failure: refusal)]
        case .rememberCheckout(let sheet):
            checkoutDesk?.remember(sheet)
            return []
        case .verifyLicense(let text, let key):
            let refusal = keepsPurchases ? "this catalog takes no licenses" : Self.nowhereToKeepPurchases
            return [
                checkoutDesk?.verify(text, key: key) ?? .licenseChecked(.refused(reason: refusal), licenses: nil)
            ]
        }
    }

    /// What changed on disk since the loop last woke.
    func changes() -> [Message] { ledger?.changes() ?? [] }
}
