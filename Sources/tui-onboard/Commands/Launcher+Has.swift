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

    /// Whether `entitlement` of `catalog` grants access at `subject.now`, by `EntitlementCheck`:
    /// the ledger's answer with the stored licenses applied. `has` and `paywall --if-needed`
    /// answer by it.
    func grantsAccess(_ entitlement: Entitlement, of catalog: Catalog, in ledger: Ledger, subject: Subject) -> Bool {
        let answer = EntitlementCheck.answer(
            for: entitlement, of: catalog, in: ledger, appID: subject.appID, licenseDirectory: stateDirectory,
            extraKeys: options.paywall.publicKeys, now: subject.now)
        sayRefused(answer.refused, always: false)
        return answer.isActive
    }

    /// What `has` and `paywall` say when there is no catalog to find the entitlement in.
    static func noCatalog(toLookUp entitlementID: String) -> String {
        EntitlementCheck.noCatalog(toLookUp: entitlementID)
    }

    /// "unknown entitlement "pri": the catalog FILE has "pro"; did you mean "pro"?".
    static func unknownEntitlement(_ entitlementID: String, in catalog: Catalog, path: String) -> String {
        EntitlementCheck.unknownEntitlement(entitlementID, in: catalog, path: path)
    }

    /// `simulated` with the stored licenses applied (`EntitlementCheck.statuses`), the refused
    /// ones said with `--warnings`.
    /// The statuses with the stored licenses applied; a stored file that grants nothing is said
    /// on stderr with `--warnings`, or always (`sayingRefused`) for `status`, which a person reads
    /// to learn why an entitlement is inactive.
    func licensedStatuses(simulated: [EntitlementStatus], subject: Subject, sayingRefused: Bool = false)
        -> [EntitlementStatus]
    {
        let applied = EntitlementCheck.statuses(
            simulated: simulated, catalog: subject.catalog, appID: subject.appID, licenseDirectory: stateDirectory,
            extraKeys: options.paywall.publicKeys, now: subject.now)
        sayRefused(applied.refused, always: sayingRefused)
        return applied.statuses
    }

    private func sayRefused(_ refused: [(path: String, reason: String)], always: Bool) {
        guard always || options.output.showsWarnings else { return }
        for license in refused { printError("\(license.path): grants nothing: \(license.reason)") }
    }
}
