import Foundation

extension PaywallPresentation {
    /// Works out what the paywall shows for an offering.
    /// - Parameters:
    ///   - selectedIndex: the package the cursor is on.
    ///   - ownedProductIDs: products that are active or owned now.
    ///   - blockedProductIDs: products of a subscription group that is active through another plan.
    ///   - introEligibleProductIDs: products whose introductory offer the user can still take.
    public static func make(
        offering: Offering, catalog: Catalog, formatter: PriceFormatter, selectedIndex: Int,
        ownedProductIDs: Set<String>, blockedProductIDs: Set<String> = [], introEligibleProductIDs: Set<String>,
        statusLines: [String], progress: String?
    ) -> PaywallPresentation {
        let copy = offering.copy
        let selected = offering.packages.indices.contains(selectedIndex) ? offering.packages[selectedIndex] : nil
        func render(_ template: String) -> String {
            guard let selected else { return template }
            return SafeText.sanitize(
                PaywallCopyTemplate(template).render(package: selected, offering: offering, formatter: formatter))
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
            if let period = product.subscriptionPeriod, period != SubscriptionPeriod(value: 1, unit: .month),
                let monthly = formatter.price(of: product, per: .month)
            {
                perMonth = "\(monthly)/mo"
            } else {
                perMonth = nil
            }
            let offer =
                introEligibleProductIDs.contains(product.id) ? formatter.introductoryOfferText(for: product) : nil
            return Row(
                name: SafeText.sanitize(package.packageType.displayName ?? product.localizedTitle),
                price: product.subscriptionPeriod == nil
                    ? formatter.price(of: product) : formatter.pricePerPeriod(of: product),
                perMonth: perMonth, badge: badge,
                offer: offer.map { "\($0), then \(formatter.pricePerPeriod(of: product))" },
                isSelected: index == selectedIndex, isOwned: ownedProductIDs.contains(product.id),
                isBlocked: blockedProductIDs.contains(product.id))
        }
        var callToAction = "Not available"
        if let selected {
            if ownedProductIDs.contains(selected.product.id) || blockedProductIDs.contains(selected.product.id) {
                callToAction = selected.product.type == .nonConsumable ? "Already yours" : "You're currently subscribed"
            } else {
                callToAction = render(
                    copy.callToAction(
                        for: selected, introOfferEligible: introEligibleProductIDs.contains(selected.product.id)))
            }
        }
        return PaywallPresentation(
            title: render(copy.title), subtitle: render(copy.subtitle), features: copy.features.map(render), rows: rows,
            callToAction: callToAction, statusLines: statusLines, progress: progress,
            privacyPolicy: catalog.links.privacyPolicy.map { SafeText.sanitize($0.absoluteString) },
            termsOfUse: catalog.links.termsOfUse.map { SafeText.sanitize($0.absoluteString) })
    }
}
