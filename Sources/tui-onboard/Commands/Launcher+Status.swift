import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `status`, and what it shares with `has`: the commands a host app calls around the tour.
/// `status` and `has` never touch the terminal and never write, so they answer while another
/// instance runs and in a state directory they may not write to.
extension Launcher {
    /// What the entitlement commands need: the app, its catalog (if any) and the store's now.
    struct Subject {
        var appID: String
        var catalogPath: String?
        var catalog: Catalog?
        var now: Date
    }

    /// The app is `--app`, else the deck's (`--deck` or the built-in one); the catalog is
    /// `--catalog`, else the deck's, else the one the app's deck named when its tour or its
    /// paywall gate last ran (remembered in the state). The deck is read only when one of them needs it. The
    /// built-in deck's catalog is tui-onboard's own: another app named with `--app` alone does
    /// not borrow it.
    func subject() -> Result<Subject, ExitStatus> {
        var appID = options.state.appID
        var catalogPath = options.paywall.catalogPath
        if appID == nil || catalogPath == nil {
            switch loadDeck() {
            case .success(let deck):
                let isOtherApp = options.tour.deckPath == nil && appID != nil && appID != deck.app.id
                appID = appID ?? deck.app.id
                if isOtherApp, catalogPath == nil, let appID {
                    let state = try? FirstRunStateFile(directory: stateDirectory).loadWithoutRepair()
                    catalogPath = state?.catalogPath(forApp: appID)
                } else {
                    catalogPath = catalogPath ?? deck.catalogPath
                }
            case .failure(let status):
                return .failure(status)
            }
        }
        var catalog: Catalog?
        if let catalogPath {
            switch loadCatalog(catalogPath) {
            case .success(let result):
                report(result.diagnostics)
                guard let loaded = result.catalog else { return .failure(ExitStatus(code: ExitCode.badData)) }
                catalog = loaded
            case .failure(let status):
                return .failure(status)
            }
        }
        // One moment: --time-rate has nothing to speed up in a command that ends at once.
        return .success(
            Subject(appID: appID ?? "", catalogPath: catalogPath, catalog: catalog, now: options.paywall.now ?? Date()))
    }

    /// The ledger as it is on disk, without the lock and without repairing it: by default the
    /// real one, or with `--sandbox` the one purchases under a simulated clock went to.
    func readLedger(in directory: String? = nil) -> Result<Ledger, ExitStatus> {
        do {
            return .success(try LedgerFile(directory: directory ?? answerLedgerDirectory).loadWithoutRepair())
        } catch {
            printError(error.description)
            return .failure(ExitStatus(for: error))
        }
    }

    /// The Gregorian calendar in the user's time zone, which the paywall counts periods in.
    static var storeCalendar: Calendar { EntitlementCheck.calendar }

    /// `status`: the app's first-run record and every entitlement, for a person or (`--json`)
    /// a program. Damage is reported, not repaired (65); nothing is printed on stdout then.
    func status() -> Int32 {
        let subject: Subject
        switch self.subject() {
        case .success(let found): subject = found
        case .failure(let status): return status.code
        }
        let state: FirstRunState
        do {
            state = try FirstRunStateFile(directory: stateDirectory).loadWithoutRepair()
        } catch {
            printError(error.description)
            return ExitStatus(for: error).code
        }
        var entitlements: [EntitlementStatus] = []
        if let catalog = subject.catalog {
            let ledger: Ledger
            switch readLedger() {
            case .success(let read): ledger = read
            case .failure(let status): return status.code
            }
            warnOfImpossibleTransactions(in: ledger, catalog: catalog, directory: answerLedgerDirectory)
            entitlements = licensedStatuses(
                simulated: EntitlementResolver.statuses(
                    in: StoreContext(catalog: catalog, ledger: ledger, now: subject.now, calendar: Self.storeCalendar)),
                subject: subject, sayingRefused: true)
        } else if !options.paywall.publicKeys.isEmpty {
            entitlements = licensedStatuses(simulated: [], subject: subject, sayingRefused: true)
        }
        var report = StatusReport(
            appID: subject.appID, stateDirectory: stateDirectory, now: subject.now,
            onboarding: state.apps[subject.appID], catalogPath: subject.catalogPath, entitlements: entitlements)
        report.assignments = state.assignments(forApp: subject.appID)
        if options.output.isJSON { return writeOutput(report.json()) }
        return writeOutput(report.text(locale: userLocale, timeZone: TimeZone.current))
    }

    /// Names on stderr each transaction of `ledger` that counts for nothing because no store
    /// could have recorded it where it stands (`LedgerOrder`): a line edited by hand whose
    /// checksum holds. The exit code is unchanged: the rest of the ledger is sound.
    func warnOfImpossibleTransactions(in ledger: Ledger, catalog: Catalog, directory: String) {
        for problem in LedgerOrder.problems(in: ledger, catalog: catalog) {
            printError(
                "\(LedgerFile(directory: directory).ledgerPath): transaction \(problem.position) "
                    + "(\(SafeText.excerpt(problem.transactionID))) does not count: \(problem.reason)")
        }
    }
}
