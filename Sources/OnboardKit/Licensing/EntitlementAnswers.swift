import FoundationEssentials

/// What `has` and `status` answer for each entitlement once signed licenses are counted beside
/// the simulated store: a license that grants it now wins; otherwise the simulation's answer,
/// which under `signed` licensing is shown but does not count. A license that still runs in a
/// file past its own expiry grants nothing, and says so rather than "Not purchased".
public enum EntitlementAnswers {
    /// The statuses of `simulated` (one per catalog entitlement), with `licenses` (verified)
    /// applied at `now`; `accountURL` is where a new license file is checked out.
    public static func statuses(
        simulated: [EntitlementStatus], licenses: [License], countsSimulated: Bool, now: Date,
        accountURL: String? = nil
    ) -> [EntitlementStatus] {
        simulated.map { status in
            answer(
                for: status.entitlement, simulated: status, licenses: licenses, countsSimulated: countsSimulated,
                now: now, accountURL: accountURL)
        }
    }

    /// For a host with a public key and no catalog: every entitlement the licenses name.
    public static func statuses(licenses: [License], now: Date) -> [EntitlementStatus] {
        var ids: [String] = []
        for grant in licenses.flatMap(\.grants) where !ids.contains(grant.entitlement) { ids.append(grant.entitlement) }
        return ids.sorted().map { id in
            let entitlement = Entitlement(id: id, displayName: id, productIDs: [])
            return answer(
                for: entitlement, simulated: EntitlementStatus(entitlement: entitlement, state: .notPurchased),
                licenses: licenses, countsSimulated: false, now: now, accountURL: nil)
        }
    }

    static func answer(
        for entitlement: Entitlement, simulated: EntitlementStatus, licenses: [License], countsSimulated: Bool,
        now: Date, accountURL: String?
    ) -> EntitlementStatus {
        let grants = licenses.flatMap { license in
            license.grants.filter { $0.entitlement == entitlement.id }.map { (license, $0) }
        }
        // The grant that lasts longest: lifetime first, then the latest end of access.
        let lasting = { (grant: License.Grant) in grant.accessEnds ?? .distantFuture }
        let longest = { (choices: [(License, License.Grant)]) in choices.max { lasting($0.1) < lasting($1.1) } }
        let running = grants.filter { $0.1.state(at: now).isActive }
        if let (license, grant) = longest(running.filter { !$0.0.isFileExpired(at: now) }) {
            return status(of: entitlement, license: license, grant: grant, now: now, accountURL: accountURL)
        }
        var answer = simulated
        answer.counts = countsSimulated
        if simulated.state.isActive || simulated.state == .awaitingApproval { return answer }
        if let (license, grant) = longest(running) ?? longest(grants) {
            return status(of: entitlement, license: license, grant: grant, now: now, accountURL: accountURL)
        }
        return answer
    }

    private static func status(
        of entitlement: Entitlement, license: License, grant: License.Grant, now: Date, accountURL: String?
    ) -> EntitlementStatus {
        let reference = LicenseReference(
            id: license.id, licensee: license.licensee, expires: grant.expires,
            graceEnds: grant.grace == nil ? nil : grant.accessEnds, fileExpires: license.fileExpires,
            accountURL: accountURL)
        let state: EntitlementStatus.State
        switch grant.state(at: now) {
        case .expired(let on): state = .expired(on: on)
        case _ where license.isFileExpired(at: now): state = .licenseFileExpired(on: license.fileExpires!)
        case .lifetime: state = .lifetime
        case .active, .inGrace: state = .active(until: grant.accessEnds!, willRenew: false)
        }
        return EntitlementStatus(entitlement: entitlement, state: state, license: reference)
    }
}
