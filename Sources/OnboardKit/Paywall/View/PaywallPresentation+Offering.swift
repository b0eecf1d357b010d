import FoundationEssentials
import FoundationInternationalization

extension PaywallPresentation {
    /// Works out what the paywall shows for an offering.
    /// - Parameters:
    ///   - selectedIndex: the package the cursor is on.
    ///   - ownedProductIDs: products that are active or owned now.
    ///   - blockedProductIDs: products of a subscription group that is active through another plan.
    ///   - introEligibleProductIDs: products whose introductory offer the user can still take.
    ///   - listTop: the first package the list showed last time.
    public static func make(
        offering: Offering, catalog: Catalog, formatter: PriceFormatter, selectedIndex: Int,
        ownedProductIDs: Set<String>, blockedProductIDs: Set<String> = [], introEligibleProductIDs: Set<String>,
        statusLines: [String], progress: String?, listTop: Int = 0
    ) -> PaywallPresentation {
        PaywallOfferingText(offering: offering, catalog: catalog, formatter: formatter).presentation(
            selectedIndex: selectedIndex, ownedProductIDs: ownedProductIDs, blockedProductIDs: blockedProductIDs,
            introEligibleProductIDs: introEligibleProductIDs, statusLines: statusLines, progress: progress,
            listTop: listTop)
    }

    /// The package's period label, where the offering declares it (`$rc_annual` is "Annual")
    /// and the product's name does not already say it, then the product's description.
    static func detail(of package: Package) -> String {
        let product = package.product
        var parts: [LinePiece] = []
        if let label = package.packageType.displayName,
            !product.localizedTitle.lowercased().contains(label.lowercased())
        {
            parts.append(.text(label))
        }
        let description = product.localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingWhitespace()
        if !description.isEmpty && description != product.localizedTitle {
            if !parts.isEmpty { parts.append(.text(" · ")) }
            parts.append(.value(SafeText.sanitize(description)))
        }
        return SafeText.sanitize(BidiText.line(parts))
    }
}
