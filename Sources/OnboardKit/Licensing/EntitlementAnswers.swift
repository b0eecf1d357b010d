import FoundationEssentials

/// What `has` and `status` answer for each entitlement once signed licenses are counted beside
/// the simulated store: a license that grants it now wins; otherwise the simulation's answer,
/// which under `signed` licensing is shown but does not count.
public enum EntitlementAnswers {
    /// The statuses of `simulated` (one per catalog entitlement), with `licenses` (verified) applied at `now`.
    public static func statuses(
        simulated: [EntitlementStatus], licenses: [License], countsSimulated: Bool, now: Date
    ) -> [EntitlementStatus] {
        simulated.map { status in
            answer(
                for: status.entitlement, simulated: status, licenses: licenses, countsSimulated: countsSimulated,
                now: now)
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
                licenses: licenses, countsSimulated: false, now: now)
        }
    }

    static func answer(
        for entitlement: Entitlement, simulated: EntitlementStatus, licenses: [License], countsSimulated: Bool,
        now: Date
    ) -> EntitlementStatus {
        let grants = licenses.flatMap { license in
            license.grants.filter { $0.entitlement == entitlement.id }.map { (license, $0) }
        }
        let active = grants.filter { $0.1.state(at: now).isActive }
        // The grant that lasts longest: lifetime first, then the latest end of access.
        let lasting = { (grant: License.Grant) in grant.accessEnds ?? .distantFuture }
        if let (license, grant) = active.max(by: { lasting($0.1) < lasting($1.1) }) {
            return status(of: entitlement, license: license, grant: grant, now: now)
        }
        var answer = simulated
        answer.counts = countsSimulated
        if simulated.state.isActive || simulated.state == .awaitingApproval { return answer }
        if let (license, grant) = grants.max(by: { lasting($0.1) < lasting($1.1) }) {
            return status(of: entitlement, license: license, grant: grant, now: now)
        }
        return answer
    }

    private static func status(of entitlement: Entitlement, license: License, grant: License.Grant, now: Date)
        -> EntitlementStatus
    {
        let reference = LicenseReference(
            id: license.id, licensee: license.licensee, expires: grant.expires,
            graceEnds: grant.grace == nil ? nil : grant.accessEnds)
        let state: EntitlementStatus.State
        switch grant.state(at: now) {
        case .lifetime: state = .lifetime
        case .active, .inGrace: state = .active(until: grant.accessEnds!, willRenew: false)
        case .expired(let on): state = .expired(on: on)
        }
        return EntitlementStatus(entitlement: entitlement, state: state, license: reference)
    }
}
