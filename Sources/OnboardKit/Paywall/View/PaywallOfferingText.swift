import FoundationEssentials
import FoundationInternationalization

/// What the paywall shows for one offering whatever is selected, owned or going on: formatted
/// prices, prices per month, discounts and the copy rendered for each package. It depends only
/// on the offering and the formatter's locale, so the controller works it out once per page and
/// a key that moves the selection formats nothing.
public struct PaywallOfferingText: Sendable {
    /// The offering it was worked out from (with the page's copy), so a stale one is seen.
    public let offering: Offering
    /// The rows with their selection and ownership still to be marked; `offer` is the text
    /// shown to a customer eligible for the introductory offer.
    let rows: [PaywallPresentation.Row]
    /// The copy rendered for each package as the selected one, and as it is with none selected.
    let titles: [String]
    let subtitles: [String]
    let features: [[String]]
    let unselected: (title: String, subtitle: String, features: [String])
    /// The call to action of each package, for a customer eligible for its introductory offer
    /// and for one who is not.
    let callsToActionEligible: [String]
    let callsToAction: [String]
    let privacyPolicy: String?
    let termsOfUse: String?
    /// Each package's subscription terms, for a customer eligible for its offer and for one who
    /// is not (nil: not an auto-renewable subscription).
    let disclosuresEligible: [String?]
    let disclosures: [String?]
    /// The same texts for every package of every tab and side of a designed paywall, whose
    /// lines each of them keeps; nil without tabs or a switch.
    private(set) var everyPackage: EveryPackageText?

    struct EveryPackageText: Sendable {
        var productIDs: [String]
        var callsToActionEligible: [String]
        var callsToAction: [String]
        var disclosuresEligible: [String?]
        var disclosures: [String?]
    }

    /// The texts of the packages a designed paywall shows now: their badges are the catalog's
    /// (`"badge"`, rendered against the whole tier) or their savings against the tier's shortest
    /// period; a `list` without tabs or a switch keeps today's badges.
    public init(designed: DesignedOffering, catalog: Catalog, formatter: PriceFormatter) {
        self.init(
            offering: designed.visible, catalog: catalog, formatter: formatter,
            references: designed.isDesigned ? designed.visible.packages.map(designed.savingsReference(for:)) : nil)
        guard designed.tabNames.count > 1 || designed.switchShowsOnSomeTab else { return }
        let whole = PaywallOfferingText(offering: designed.base, catalog: catalog, formatter: formatter)
        everyPackage = EveryPackageText(
            productIDs: designed.base.packages.map(\.product.id), callsToActionEligible: whole.callsToActionEligible,
            callsToAction: whole.callsToAction, disclosuresEligible: whole.disclosuresEligible,
            disclosures: whole.disclosures)
    }

    /// - Parameter references: per package, the packages its savings compare with on a designed
    ///   paywall (`DesignedOffering.savingsReference`); nil for today's list and its badges.
    public init(
        offering: Offering, catalog: Catalog, formatter: PriceFormatter, references: [Offering]? = nil
    ) {
        self.offering = offering
        let copy = offering.copy
        let packages = offering.packages
        func render(_ template: String, for package: Package) -> String {
            SafeText.sanitize(
                PaywallCopyTemplate(template).render(package: package, offering: offering, formatter: formatter))
        }
        let discounts = packages.map { PriceFormatter.relativeDiscount(of: $0, in: offering) }
        let bestDiscount = discounts.compactMap { $0 }.max()
        let namedRows = packages.enumerated().map { index, package in
            let product = package.product
            var badge = formatter.savingsText(of: package, in: offering)
            if discounts[index] != nil && discounts[index] == bestDiscount && packages.count > 2 {
                badge = Messages.tr("Best value") + " · " + (badge ?? "")
            }
            if let references, references.indices.contains(index) {
                badge = Self.designedBadge(of: package, in: references[index], formatter: formatter)
            }
            let perMonth: String?
            if product.type == .autoRenewable, let period = product.subscriptionPeriod,
                period != SubscriptionPeriod(value: 1, unit: .month),
                let monthly = formatter.price(of: product, per: .month)
            {
                perMonth = Messages.tr("{{ price }}/mo", ["price": monthly])
            } else {
                perMonth = nil
            }
            let price = formatter.pricePerPeriod(of: product)
            var row = PaywallPresentation.Row(
                name: SafeText.sanitize(product.localizedTitle), detail: PaywallPresentation.detail(of: package),
                price: price, perMonth: perMonth, badge: badge,
                offer: formatter.introductoryOfferText(for: product).map {
                    Messages.tr("{{ offer }}, then {{ price }}", ["offer": $0, "price": price])
                },
                isOneTime: product.subscriptionPeriod == nil)
            row.shortOffer = formatter.introductoryOfferText(for: product)
            return row
        }
        rows = Self.tellingApart(namedRows, packages: packages, formatter: formatter)
        titles = packages.map { render(copy.title, for: $0) }
        subtitles = packages.map { render(copy.subtitle, for: $0) }
        features = packages.map { package in copy.features.map { render($0, for: package) } }
        unselected = (copy.title, copy.subtitle, copy.features)
        callsToActionEligible = packages.map { render(copy.callToAction(for: $0, introOfferEligible: true), for: $0) }
        callsToAction = packages.map { render(copy.callToAction(for: $0, introOfferEligible: false), for: $0) }
        disclosuresEligible = packages.map {
            SubscriptionDisclosure.text(for: $0, in: offering, offerEligible: true, formatter: formatter)
        }
        disclosures = packages.map {
            SubscriptionDisclosure.text(for: $0, in: offering, offerEligible: false, formatter: formatter)
        }
        privacyPolicy = catalog.links.privacyPolicy.map { SafeText.sanitize($0.absoluteString) }
        termsOfUse = catalog.links.termsOfUse.map { SafeText.sanitize($0.absoluteString) }
    }

    /// A designed paywall's badge: the catalog's, its variables filled against the tier (so
    /// `{{ savings }}` compares with the tier's shortest period whichever side shows), else the
    /// savings against that period.
    static func designedBadge(of package: Package, in reference: Offering, formatter: PriceFormatter) -> String? {
        if let template = package.badge {
            let text = SafeText.sanitize(
                PaywallCopyTemplate(template).render(package: package, offering: reference, formatter: formatter)
            ).trimmingWhitespace()
            return text.isEmpty ? nil : text
        }
        return formatter.savingsAgainstShortestText(of: package, in: reference)
    }

    /// Rows whose products have the same name (a catalog's "Annual Subscription" with a trial
    /// and another without) get what tells them apart after it: their introductory offers, when
    /// those differ for each, else what their product identifiers do not share. A row that has
    /// nothing more to say (no offer where another has one) keeps its name as it is.
    static func tellingApart(
        _ rows: [PaywallPresentation.Row], packages: [Package], formatter: PriceFormatter
    ) -> [PaywallPresentation.Row] {
        var rows = rows
        let alike = Dictionary(grouping: rows.indices, by: { rows[$0].name }).values.filter { $0.count > 1 }
        for indices in alike {
            let offers = indices.map { formatter.introductoryOfferText(for: packages[$0].product) }
            let qualifiers: [String?]
            if Set(offers.map { $0 ?? "" }).count == indices.count {
                qualifiers = offers
            } else {
                let identifiers = indices.map {
                    packages[$0].product.id.split(separator: ".", omittingEmptySubsequences: false)
                }
                var shared = 0
                while identifiers.allSatisfy({ $0.count > shared + 1 && $0[shared] == identifiers[0][shared] }) {
                    shared += 1
                }
                qualifiers = identifiers.map { $0.dropFirst(shared).joined(separator: ".") }
            }
            for (index, qualifier) in zip(indices, qualifiers) {
                if let qualifier, !qualifier.isEmpty {
                    rows[index].name = BidiText.line([
                        .value(rows[index].name), .text(" ("), .value(SafeText.sanitize(qualifier)), .text(")"),
                    ])
                }
            }
        }
        return rows
    }

    /// The presentation with this selection, ownership and store state: no formatting, only
    /// picking out what was worked out.
    public func presentation(
        selectedIndex: Int, ownedProductIDs: Set<String>, blockedProductIDs: Set<String> = [],
        introEligibleProductIDs: Set<String>, licensedProductIDs: Set<String> = [], statusLines: [String],
        progress: String?, listTop: Int = 0,
        lifecycle: PaywallLifecycleText = PaywallLifecycleText()
    ) -> PaywallPresentation {
        let packages = offering.packages
        let isSelectedValid = packages.indices.contains(selectedIndex)
        let marked = rows.enumerated().map { index, row -> PaywallPresentation.Row in
            var row = row
            let id = packages[index].product.id
            if !introEligibleProductIDs.contains(id) { (row.offer, row.shortOffer) = (nil, nil) }
            if let winBack = lifecycle.winBackOffers[id] { (row.offer, row.shortOffer) = (winBack, winBack) }
            row.isSelected = index == selectedIndex
            row.isLicensed = licensedProductIDs.contains(id)
            row.isOwned = ownedProductIDs.contains(id) || row.isLicensed
            row.planChangeTag = lifecycle.planChangeTags[id]
            row.isBlocked = blockedProductIDs.contains(id) && row.planChangeTag == nil
            return row
        }
        let callsToAction = packages.indices.map { index -> String in
            let package = packages[index]
            let id = package.product.id
            if let change = lifecycle.planChangeCalls[id] { return change }
            if let resume = lifecycle.resumeCalls[id] { return resume }
            if licensedProductIDs.contains(id) { return Messages.tr("Already yours: licensed") }
            if ownedProductIDs.contains(id) || blockedProductIDs.contains(id) {
                return package.product.type == .nonConsumable
                    ? Messages.tr("Already yours") : Messages.tr("You're currently subscribed")
            }
            return introEligibleProductIDs.contains(id) && lifecycle.winBackOffers[id] == nil
                ? callsToActionEligible[index] : self.callsToAction[index]
        }
        var presentation = PaywallPresentation(
            title: isSelectedValid ? titles[selectedIndex] : unselected.title,
            subtitle: isSelectedValid ? subtitles[selectedIndex] : unselected.subtitle,
            features: isSelectedValid ? features[selectedIndex] : unselected.features, rows: marked,
            callToAction: isSelectedValid ? callsToAction[selectedIndex] : Messages.tr("Not available"),
            callToActions: callsToAction, statusLines: statusLines, progress: progress, privacyPolicy: privacyPolicy,
            termsOfUse: termsOfUse, listTop: listTop)
        let shownDisclosures = packages.indices.map { index -> String? in
            // What a license already gives is not sold here: no terms of a sale to state.
            if licensedProductIDs.contains(packages[index].product.id) { return nil }
            return introEligibleProductIDs.contains(packages[index].product.id)
                ? disclosuresEligible[index] : disclosures[index]
        }
        presentation.disclosures = shownDisclosures.map { $0 ?? "" }
        presentation.hasWinBackOffer = packages.contains { lifecycle.winBackOffers[$0.product.id] != nil }
        if isSelectedValid { presentation.disclosure = shownDisclosures[selectedIndex] }
        if isSelectedValid {
            let id = packages[selectedIndex].product.id
            let type = packages[selectedIndex].product.type
            if licensedProductIDs.contains(id) {
                presentation.buyLabel = nil
            } else if let label = lifecycle.buyLabels[id] {
                // An empty label: Enter does nothing to this package now.
                presentation.buyLabel = label.isEmpty ? nil : label
            } else if ownedProductIDs.contains(id) && type != .consumable && type != .nonRenewing {
                presentation.buyLabel = nil
            } else if blockedProductIDs.contains(id) {
                presentation.buyLabel = nil
            }
        }
        return presentation
    }

    /// Gives `presentation` the calls to action and terms of every package on every tab and
    /// side, as this customer would see them (`introEligibleProductIDs` of the whole catalog),
    /// so that the page keeps lines for the longest whichever shows.
    func keepLinesOfEveryPackage(in presentation: inout PaywallPresentation, introEligibleProductIDs: Set<String>) {
        guard let every = everyPackage else { return }
        let eligible = every.productIDs.map { introEligibleProductIDs.contains($0) }
        presentation.callsToActionElsewhere = every.productIDs.indices.map {
            eligible[$0] ? every.callsToActionEligible[$0] : every.callsToAction[$0]
        }
        presentation.disclosuresElsewhere = every.productIDs.indices.compactMap {
            eligible[$0] ? every.disclosuresEligible[$0] : every.disclosures[$0]
        }
    }
}
