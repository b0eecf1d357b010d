import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `has ENTITLEMENT`: the answer hosts read from the exit code.
extension Launcher {
    /// `has ENTITLEMENT`: 0 when active at the store's now, 1 when not; an entitlement the
    /// catalog does not define is a usage error (2), said on stderr. Nothing goes to stdout.
    /// Under signed licensing only verified licenses count; simulated purchases do not.
    func has(_ entitlementID: String) -> Int32 {
        let subject: Subject
        switch self.subject() {
        case .success(let found): subject = found
        case .failure(let status): return status.code
        }
        guard let catalog = subject.catalog, let catalogPath = subject.catalogPath else {
            if !options.paywall.publicKeys.isEmpty {
                // A shell host with a key and no catalog: only licenses count.
                let statuses = licensedStatuses(simulated: [], subject: subject)
                return statuses.contains { $0.entitlement.id == entitlementID && $0.grantsAccess }
                    ? ExitCode.success : ExitCode.notActive
            }
            printError(Self.noCatalog(toLookUp: entitlementID))
            return ExitCode.usage
        }
        guard let entitlement = catalog.entitlement(id: entitlementID) else {
            printError(Self.unknownEntitlement(entitlementID, in: catalog, path: catalogPath))
            return ExitCode.usage
        }
        let ledger: Ledger
        switch readLedger() {
        case .success(let read): ledger = read
        case .failure(let status): return status.code
        }
        return grantsAccess(entitlement, of: catalog, in: ledger, subject: subject)
            ? ExitCode.success : ExitCode.notActive
    }

    /// Whether `entitlement` of `catalog` grants access at `subject.now`: the ledger's answer
    /// with the stored licenses applied. `has` and `paywall --if-needed` answer by it.
    func grantsAccess(_ entitlement: Entitlement, of catalog: Catalog, in ledger: Ledger, subject: Subject) -> Bool {
        let simulated = EntitlementResolver.status(
            of: entitlement,
            in: StoreContext(catalog: catalog, ledger: ledger, now: subject.now, calendar: Self.storeCalendar))
        return licensedStatuses(simulated: [simulated], subject: subject)[0].grantsAccess
    }

    /// What `has` and `paywall` say when there is no catalog to find the entitlement in.
    static func noCatalog(toLookUp entitlementID: String) -> String {
        "no catalog to look up \"\(SafeText.excerpt(entitlementID))\" in; pass the app's --deck FILE "
            + "(whose catalog is used) or --catalog FILE"
    }

    /// "unknown entitlement "pri": the catalog FILE has "pro"; did you mean "pro"?", for `has`
    /// and `paywall --if-needed`.
    static func unknownEntitlement(_ entitlementID: String, in catalog: Catalog, path: String) -> String {
        let known = catalog.entitlements.map(\.id)
        let hint = Suggestions.closest(to: entitlementID, in: known, limit: 1).first.map { "; did you mean \"\($0)\"?" }
        return "unknown entitlement \"\(SafeText.excerpt(entitlementID))\": the catalog \(path) has "
            + (known.isEmpty ? "none" : known.map { "\"\($0)\"" }.joined(separator: ", ")) + (hint ?? "")
    }

    /// `simulated` (one status per entitlement, from the ledger) with the stored licenses applied:
    /// the catalog's keys and `--public-key`s verify them. Under `signed` licensing simulated
    /// purchases stop counting; with only `--public-key` (no licensing in the catalog) they still
    /// count beside licenses. With no key at all, `simulated` as it is.
    func licensedStatuses(simulated: [EntitlementStatus], subject: Subject) -> [EntitlementStatus] {
        let keys = StoredLicenses.keys(of: subject.catalog, extraKeys: options.paywall.publicKeys)
        guard !keys.isEmpty else { return simulated }
        let stored = StoredLicenses.read(
            stateDirectory: stateDirectory, keys: keys,
            audience: .init(appID: subject.appID, keygenProduct: subject.catalog?.licensing?.keygenProduct),
            now: subject.now)
        if options.output.showsWarnings {
            for refused in stored.refused { printError("\(refused.path): grants nothing: \(refused.reason)") }
        }
        guard subject.catalog != nil else {
            return EntitlementAnswers.statuses(licenses: stored.verified, now: subject.now)
        }
        return EntitlementAnswers.statuses(
            simulated: simulated, licenses: stored.verified,
            countsSimulated: subject.catalog?.countsSimulatedPurchases ?? true, now: subject.now)
    }
}
