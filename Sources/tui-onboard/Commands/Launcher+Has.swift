import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `has ENTITLEMENT`: the answer hosts read from the exit code.
extension Launcher {
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
}
