import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `status`, `has` and `reset`: the commands a host app calls around the tour. `status` and
/// `has` never touch the terminal and never write, so they answer while another instance runs
/// and in a state directory they may not write to.
extension Launcher {
    /// What the entitlement commands need: the app, its catalog (if any) and the store's now.
    struct Subject {
        var appID: String
        var catalogPath: String?
        var catalog: Catalog?
        var now: Date
    }

    /// The app is `--app`, else the deck's (`--deck` or the built-in one); the catalog is
    /// `--catalog`, else the deck's, else the one the app's deck named when its tour last ran
    /// (remembered in the state). The deck is read only when one of them needs it. The
    /// built-in deck's catalog is tui-onboard's own: another app named with `--app` alone does
    /// not borrow it.
    func subject() -> Result<Subject, ExitStatus> {
        var appID = options.appID
        var catalogPath = options.catalogPath
        if appID == nil || catalogPath == nil {
            switch loadDeck() {
            case .success(let deck):
                let isOtherApp = options.deckPath == nil && appID != nil && appID != deck.app.id
                appID = appID ?? deck.app.id
                if isOtherApp, catalogPath == nil, let appID {
                    let state = try? FirstRunStateFile(directory: stateDirectory).loadWithoutRepair()
                    catalogPath = state?.apps[appID]?.catalogPath
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
            Subject(appID: appID ?? "", catalogPath: catalogPath, catalog: catalog, now: options.now ?? Date()))
    }

    /// The ledger as it is on disk, without the lock and without repairing it: the real one, or
    /// with `--sandbox` the one purchases under a simulated clock went to.
    func readLedger() -> Result<Ledger, ExitStatus> {
        do {
            return .success(try LedgerFile(directory: answerLedgerDirectory).loadWithoutRepair())
        } catch {
            printError(error.description)
            return .failure(ExitStatus(code: error.exitCode))
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
            if case .io = error { return ExitCode.ioError }
            return ExitCode.badData
        }
        var entitlements: [EntitlementStatus] = []
        if let catalog = subject.catalog {
            let ledger: Ledger
            switch readLedger() {
            case .success(let read): ledger = read
            case .failure(let status): return status.code
            }
            entitlements = EntitlementResolver.statuses(
                in: StoreContext(catalog: catalog, ledger: ledger, now: subject.now, calendar: Self.storeCalendar))
        }
        let report = StatusReport(
            appID: subject.appID, stateDirectory: stateDirectory, now: subject.now,
            onboarding: state.apps[subject.appID], catalogPath: subject.catalogPath, entitlements: entitlements)
        if options.isJSON { return writeOutput(report.json()) }
        return writeOutput(report.text(locale: Self.userLocale(environment), timeZone: TimeZone.current))
    }

    /// `has ENTITLEMENT`: 0 when active at the store's now, 1 when not; an entitlement the
    /// catalog does not define is a usage error (2), said on stderr. Nothing goes to stdout.
    func has(_ entitlementID: String) -> Int32 {
        let subject: Subject
        switch self.subject() {
        case .success(let found): subject = found
        case .failure(let status): return status.code
        }
        guard let catalog = subject.catalog, let catalogPath = subject.catalogPath else {
            printError(
                "no catalog to look up \"\(SafeText.excerpt(entitlementID))\" in; pass the app's --deck FILE "
                    + "(whose catalog is used) or --catalog FILE"
            )
            return ExitCode.usage
        }
        guard let entitlement = catalog.entitlement(id: entitlementID) else {
            let known = catalog.entitlements.map(\.id)
            let hint = Suggestions.closest(to: entitlementID, in: known, limit: 1).first.map {
                "; did you mean \"\($0)\"?"
            }
            printError(
                "unknown entitlement \"\(SafeText.excerpt(entitlementID))\": the catalog \(catalogPath) has "
                    + (known.isEmpty ? "none" : known.map { "\"\($0)\"" }.joined(separator: ", ")) + (hint ?? ""))
            return ExitCode.usage
        }
        let ledger: Ledger
        switch readLedger() {
        case .success(let read): ledger = read
        case .failure(let status): return status.code
        }
        let status = EntitlementResolver.status(
            of: entitlement,
            in: StoreContext(catalog: catalog, ledger: ledger, now: subject.now, calendar: Self.storeCalendar))
        return status.isActive ? ExitCode.success : ExitCode.notActive
    }

    /// `reset`: forgets the first-run state of `--app`, or of every app after listing them;
    /// with `--purchases` the ledger is moved aside to a dated file (never deleted) and its new
    /// path printed. A write that fails is an I/O error (74). The state goes first: when it
    /// cannot be forgotten the ledger is left where it is, so a failed reset changes nothing,
    /// and either way the messages say what was done and what was not.
    func reset() -> Int32 {
        var worst = ExitCode.success
        let store = FirstRunStateFile(directory: stateDirectory)
        let scope = options.appID
        // Look first, so that nothing is written when there is nothing to forget.
        var needsWrite = true
        /// Whether anything of the state is gone, for what a failure afterwards says.
        var forgotState = false
        if let state = try? store.loadWithoutRepair() {
            needsWrite = scope.map { state.apps[$0] != nil } ?? !state.apps.isEmpty
        }
        if needsWrite {
            var forgotten: [(String, FirstRunState.Record)] = []
            do {
                try store.update { (state: inout FirstRunState) -> Bool in
                    if let scope {
                        if let record = state.forget(appID: scope) { forgotten = [(scope, record)] }
                    } else {
                        forgotten = state.apps.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                        state.forgetAll()
                    }
                    // Written only when something was forgotten.
                    return !forgotten.isEmpty
                }
                forgotState = !forgotten.isEmpty
                let locale = Self.userLocale(environment)
                let lines = forgotten.map { id, record in
                    let how = record.completion == .finished ? "completed" : "skipped"
                    return
                        "  \(SafeText.sanitize(id)): \(how) at version \(SafeText.sanitize(record.lastSeenVersion)), "
                        + StatusReport.momentText(record.date, locale: locale, timeZone: TimeZone.current)
                }
                let heading =
                    forgotten.count == 1
                    ? "forgot the first-run state of 1 app:" : "forgot the first-run state of \(forgotten.count) apps:"
                worst = max(worst, writeOutput(([heading] + lines).joined(separator: "\n") + "\n"))
            } catch {
                printError(error.description)
                switch error {
                // The damaged file was moved aside: every app starts afresh, which is what was asked.
                case .corrupt: forgotState = true
                case .io, .unencodable, .busy:
                    // Half a reset (purchases gone, the tour still "seen") is worse than none.
                    let notMoved = options.resetsPurchases ? "; the purchase ledger was not moved aside either" : ""
                    printError("reset: nothing was forgotten\(notMoved)")
                    return ExitCode.ioError
                }
            }
        } else {
            let what = scope.map { "no first-run state for \(SafeText.sanitize($0))" } ?? "no first-run state"
            worst = max(worst, writeOutput("\(what) to forget\n"))
        }
        guard options.resetsPurchases else { return worst }
        do {
            if let movedTo = try LedgerFile(directory: stateDirectory).setAside(date: Date()) {
                worst = max(worst, writeOutput("purchases moved aside to \(SafeText.sanitize(movedTo))\n"))
            } else {
                worst = max(worst, writeOutput("no purchases to move aside\n"))
            }
        } catch {
            printError(error.description)
            printError(
                "reset: the purchase ledger was not moved aside"
                    + (forgotState ? ", though the first-run state was forgotten" : ""))
            worst = max(worst, ExitCode.ioError)
        }
        return max(worst, setAsideSandboxPurchases())
    }
}
