import FoundationEssentials

/// The paywall's side of signed licenses: each entitlement as the customer has it once stored
/// licenses are counted beside the simulated store, what grants it, and the products a license
/// already gives (not for sale to this customer).
extension PaywallController {
    /// Each entitlement's status with the stored licenses applied, as `has` and `status` answer
    /// it at the same moment (the store's `now`, which `--now` sets for them all); the store's
    /// own statuses when the catalog sells no licenses.
    public var shownStatuses: [EntitlementStatus] {
        guard let licensing = catalog.licensing else { return statuses }
        return EntitlementAnswers.statuses(
            simulated: statuses, licenses: licenses, countsSimulated: licensing.countsSimulatedPurchases,
            now: now, accountURL: licensing.accountURL)
    }

    /// The next moment, on the store's clock, at which a stored license's grant or its file
    /// expires (or its grace ends): what the paywall says then changes.
    var nextLicenseChange: Date? {
        guard catalog.licensing != nil else { return nil }
        let moments = licenses.flatMap { license in
            [license.fileExpires] + license.grants.flatMap { [$0.expires, $0.accessEnds] }
        }
        return moments.compactMap { $0 }.filter { $0 > now }.min()
    }

    /// The products whose every entitlement a license grants now: marked as licensed, offered no
    /// trial, and Enter buys nothing.
    var licensedProductIDs: Set<String> {
        guard catalog.licensing != nil, !licenses.isEmpty else { return [] }
        let licensed = Set(currentStatuses.filter { $0.license != nil && $0.state.isActive }.map(\.entitlement.id))
        guard !licensed.isEmpty else { return [] }
        var products = Set<String>()
        for productID in catalog.products.keys {
            let granting = catalog.entitlements.filter { $0.productIDs.contains(productID) }.map(\.id)
            if !granting.isEmpty, granting.allSatisfy(licensed.contains) { products.insert(productID) }
        }
        return products
    }

    /// One line per entitlement, the sandbox label first, and the request keys while one waits.
    /// A catalog that sells licenses says what grants each (a license and to whom, a purchase,
    /// a simulated purchase that does not count).
    static func statusLines(
        _ statuses: [EntitlementStatus], catalog: Catalog, formatter: PriceFormatter, locale: Locale,
        timeZone: TimeZone, isSandbox: Bool, hasPending: Bool
    ) -> [String] {
        var lines: [String] = []
        for status in statuses {
            let renewalPrice =
                status.license == nil
                ? status.productID.flatMap { catalog.products[$0] }.map(formatter.pricePerPeriod(of:)) : nil
            let line = status.statusLine(locale: locale, timeZone: timeZone, renewalPrice: renewalPrice)
            // The entitlement's name is the catalog's and the licensee's the vendor's: neither
            // can turn the date or price around.
            var pieces: [LinePiece] = [
                .value(SafeText.sanitize(status.entitlement.displayName)), .text(": "), .value(line),
            ]
            if catalog.licensing != nil, let source = status.sourceText { pieces += [.text(" · "), .value(source)] }
            lines.append(BidiText.line(pieces))
        }
        if isSandbox, !lines.isEmpty {
            lines[0] = BidiText.line([.value(Self.sandboxLabel), .text(" · "), .value(lines[0])])
        }
        if hasPending { lines.append(Self.requestKeys) }
        return lines
    }

    /// The sentences about license files' own expiries (`licenseFileNote`), once each.
    static func licenseNotes(_ statuses: [EntitlementStatus], locale: Locale, timeZone: TimeZone) -> [String] {
        var notes: [String] = []
        for note in statuses.compactMap({ $0.licenseFileNote(locale: locale, timeZone: timeZone) })
        where !notes.contains(note) {
            notes.append(note)
        }
        return notes
    }
}
