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
        let copy = offering.copy
        let selected = offering.packages.indices.contains(selectedIndex) ? offering.packages[selectedIndex] : nil
        func render(_ template: String, for package: Package?) -> String {
            guard let package else { return template }
            return SafeText.sanitize(
                PaywallCopyTemplate(template).render(package: package, offering: offering, formatter: formatter))
        }
        let bestDiscount = offering.packages.compactMap { PriceFormatter.relativeDiscount(of: $0, in: offering) }.max()
        let rows = offering.packages.enumerated().map { index, package -> Row in
            let product = package.product
            let discount = PriceFormatter.relativeDiscount(of: package, in: offering)
            var badge = formatter.savingsText(of: package, in: offering)
            if discount != nil && discount == bestDiscount && offering.packages.count > 2 {
                badge = "Best value · " + (badge ?? "")
            }
            let perMonth: String?
            if product.type == .autoRenewable, let period = product.subscriptionPeriod,
                period != SubscriptionPeriod(value: 1, unit: .month),
                let monthly = formatter.price(of: product, per: .month)
            {
                perMonth = "\(monthly)/mo"
            } else {
                perMonth = nil
            }
            let offer =
                introEligibleProductIDs.contains(product.id) ? formatter.introductoryOfferText(for: product) : nil
            return Row(
                name: SafeText.sanitize(product.localizedTitle), detail: detail(of: package),
                price: formatter.pricePerPeriod(of: product), perMonth: perMonth, badge: badge,
                offer: offer.map { "\($0), then \(formatter.pricePerPeriod(of: product))" },
                isSelected: index == selectedIndex, isOwned: ownedProductIDs.contains(product.id),
                isBlocked: blockedProductIDs.contains(product.id), isOneTime: product.subscriptionPeriod == nil)
        }
        func callToAction(for package: Package) -> String {
            if ownedProductIDs.contains(package.product.id) || blockedProductIDs.contains(package.product.id) {
                return package.product.type == .nonConsumable ? "Already yours" : "You're currently subscribed"
            }
            return render(
                copy.callToAction(
                    for: package, introOfferEligible: introEligibleProductIDs.contains(package.product.id)),
                for: package)
        }
        return PaywallPresentation(
            title: render(copy.title, for: selected), subtitle: render(copy.subtitle, for: selected),
            features: copy.features.map { render($0, for: selected) }, rows: rows,
            callToAction: selected.map(callToAction(for:)) ?? "Not available",
            callToActions: offering.packages.map(callToAction(for:)), statusLines: statusLines, progress: progress,
            privacyPolicy: catalog.links.privacyPolicy.map { SafeText.sanitize($0.absoluteString) },
            termsOfUse: catalog.links.termsOfUse.map { SafeText.sanitize($0.absoluteString) }, listTop: listTop)
    }

    /// The package's period label, where the offering declares it (`$rc_annual` is "Annual")
    /// and the product's name does not already say it, then the product's description.
    static func detail(of package: Package) -> String {
        let product = package.product
        var parts: [String] = []
        if let label = package.packageType.displayName,
            !product.localizedTitle.lowercased().contains(label.lowercased())
        {
            parts.append(label)
        }
        let description = product.localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingWhitespace()
        if !description.isEmpty && description != product.localizedTitle { parts.append(description) }
        return SafeText.sanitize(parts.joined(separator: " · "))
    }
}
