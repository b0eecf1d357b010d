/// An offering as a designed paywall shows it now: the tiers and the tab chosen, the side of
/// the period switch, and the packages these leave on screen. Everything the controller keeps
/// (selection, scrolling) is about `visible`; savings compare within `reference`.
public struct DesignedOffering: Hashable, Sendable {
    /// The whole offering, with the page's copy.
    public let base: Offering
    public let layout: PaywallLayout
    /// The tabs of a `tiers` paywall, or the columns of a comparison; empty where neither.
    public let tiers: [PaywallTier]
    /// The tab chosen (an index of `tiers`); 0 without tiers.
    public let tierIndex: Int
    /// The side of the period switch; nil when the paywall has no switch, or every package
    /// shown would be on both sides.
    public let period: PeriodSide?
    /// The packages shown: the chosen tier's, on the switch's side.
    public let visible: Offering
    /// What a package's savings are counted against: its tier, every period of it.
    public let reference: Offering
    /// True where the layout or the switch is not today's list: badges are then the catalog's
    /// or the savings against the tier's shortest period.
    public let isDesigned: Bool
    /// True where the switch shows on some tab, this one or another: a tab without it keeps its
    /// line, so changing tabs moves nothing.
    public let switchShowsOnSomeTab: Bool

    /// - Parameters:
    ///   - tierIndex: the tab chosen, nil for the tier of the offering's default package.
    ///   - period: the switch's side, nil for the side of the offering's default package.
    ///   - everyPeriod: show both sides at once (`--plain` lists everything).
    public init(
        base: Offering, design: PaywallDesign, tierIndex: Int?, period: PeriodSide?, everyPeriod: Bool = false
    ) {
        self.base = base
        layout = design.resolvedLayout
        isDesigned = layout != .list || design.periodSwitch == true
        let tiers = layout == .tiers || layout == .comparison ? base.designTiers : []
        self.tiers = tiers
        let defaultID = base.defaultPackage?.identifier
        let defaultTier = tiers.firstIndex { tier in defaultID.map(tier.packageIDs.contains) ?? false } ?? 0
        let chosenTier = min(max(0, tierIndex ?? defaultTier), max(0, tiers.count - 1))
        self.tierIndex = chosenTier
        var inTier = base.packages
        if layout == .tiers, tiers.indices.contains(chosenTier) {
            let ids = Set(tiers[chosenTier].packageIDs)
            inTier = base.packages.filter { ids.contains($0.identifier) }
        }
        var reference = base
        reference.packages = inTier
        self.reference = reference
        let monthly = inTier.filter { PeriodSide.monthly.shows($0.product) }
        let yearly = inTier.filter { PeriodSide.yearly.shows($0.product) }
        let hasSwitch = design.periodSwitch == true && !everyPeriod
        var side: PeriodSide?
        if hasSwitch, Self.sidesDiffer(inTier) {
            // The offering's default package's side, whichever tab shows: one side for every tab.
            let defaultPackage = base.defaultPackage
            let defaultSide: PeriodSide =
                defaultPackage.map { PeriodSide.yearly.shows($0.product) && !PeriodSide.monthly.shows($0.product) }
                    == true ? .yearly : .monthly
            side = period ?? defaultSide
        }
        self.period = side
        let tabs = layout == .tiers && tiers.count > 1 ? tiers : []
        switchShowsOnSomeTab =
            side != nil
            || hasSwitch
                && tabs.contains { tier in
                    Self.sidesDiffer(base.packages.filter { tier.packageIDs.contains($0.identifier) })
                }
        var visible = reference
        if let side { visible.packages = side == .monthly ? monthly : yearly }
        if layout == .tiers, tiers.indices.contains(chosenTier), !tiers[chosenTier].features.isEmpty {
            visible.copy.features = tiers[chosenTier].features
        }
        self.visible = visible
    }

    /// True where `packages` give the switch two sides to show, and different ones.
    static func sidesDiffer(_ packages: [Package]) -> Bool {
        let monthly = packages.filter { PeriodSide.monthly.shows($0.product) }
        let yearly = packages.filter { PeriodSide.yearly.shows($0.product) }
        return !monthly.isEmpty && !yearly.isEmpty && monthly != yearly
    }

    /// What `package`'s savings compare with: the packages of its tier (declared, or worked out
    /// from its subscription group's level) whatever the layout, else those of the tab shown.
    public func savingsReference(for package: Package) -> Offering {
        let tiers = self.tiers.isEmpty ? base.designTiers : self.tiers
        guard let tier = tiers.first(where: { $0.packageIDs.contains(package.identifier) }) else { return reference }
        var offering = base
        offering.packages = base.packages.filter { tier.packageIDs.contains($0.identifier) }
        return offering
    }

    /// The tabs' names, where the paywall has tabs.
    public var tabNames: [String] { layout == .tiers && tiers.count > 1 ? tiers.map(\.name) : [] }

    /// The comparison's columns and rows: the tiers (or, with fewer than two, the packages
    /// shown), and the declared rows or the tiers' features. Nil where no table shows.
    public var comparisonTable: (columns: [(id: String, name: String)], rows: [ComparisonRow])? {
        guard layout == .comparison else { return nil }
        let columns: [(id: String, name: String)] =
            tiers.count > 1
            ? tiers.map { ($0.id, $0.name) }
            : visible.packages.map { ($0.identifier, SafeText.sanitize($0.product.localizedTitle)) }
        var rows = base.comparison
        if rows.isEmpty {
            var features: [String] = []
            for tier in tiers {
                for feature in tier.features where !features.contains(feature) { features.append(feature) }
            }
            rows = features.map { feature in
                ComparisonRow(
                    feature: feature,
                    cells: Dictionary(
                        uniqueKeysWithValues: tiers.filter { $0.features.contains(feature) }.map { ($0.id, .included) })
                )
            }
        }
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        return (columns, rows)
    }

    /// The column of the comparison that holds the package selected in `visible`.
    public func comparisonColumn(ofSelected index: Int) -> Int? {
        guard visible.packages.indices.contains(index) else { return nil }
        let id = visible.packages[index].identifier
        if tiers.count > 1 { return tiers.firstIndex { $0.packageIDs.contains(id) } }
        return index
    }
}

extension Offering {
    /// The tiers the catalog declares; without any, one per level of a subscription group
    /// (a `.storekit` file's Plus, Pro, Max), named by the words their products' names share,
    /// with what has no group as a tier of its own. Fewer than two such tiers: none.
    public var designTiers: [PaywallTier] {
        if !tiers.isEmpty { return tiers }
        var order: [String] = []
        var members: [String: [Package]] = [:]
        for package in packages {
            let product = package.product
            let key =
                product.subscriptionGroup.map { "\($0)#\(product.subscriptionGroupLevel ?? 0)" } ?? "#one-time"
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(package)
        }
        guard order.count > 1 else { return [] }
        return order.map { key in
            let group = members[key] ?? []
            return PaywallTier(
                id: key, name: Self.sharedName(group.map { SafeText.sanitize($0.product.localizedTitle) }),
                packageIDs: group.map(\.identifier))
        }
    }

    /// The leading words every name shares ("Pro" of "Pro Monthly" and "Pro Annual"), or the
    /// first name when they share none.
    static func sharedName(_ names: [String]) -> String {
        guard let first = names.first else { return "" }
        var words = first.split(separator: " ")
        for name in names.dropFirst() {
            let other = name.split(separator: " ")
            var shared = 0
            while shared < min(words.count, other.count), words[shared] == other[shared] { shared += 1 }
            words = Array(words.prefix(shared))
        }
        return words.isEmpty ? first : words.joined(separator: " ")
    }
}
