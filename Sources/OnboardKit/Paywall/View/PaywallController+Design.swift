/// The keys and clicks of a designed paywall: the tabs of a `tiers` paywall, the period switch,
/// and the cards chosen left and right.
extension PaywallController {
    /// Carries out a design action on the page; nil when it is not one, or the page's layout has
    /// no use for it (the carousel then has the key: ← → still turn a list paywall's page).
    mutating func performDesignAction(_ action: KeyAction?, on page: PaywallPage) -> [StoreEvent]? {
        guard let action, let designed = designed(for: page) else { return nil }
        let id = designed.base.id
        switch action {
        case .previousCard, .nextCard:
            guard designed.layout == .cards else { return nil }
            return performOnPage(action == .previousCard ? .previousPackage : .nextPackage, offering: designed.visible)
        case .previousTier, .nextTier:
            guard !designed.tabNames.isEmpty else { return nil }
            if store.isBusy { return [] }
            let count = designed.tiers.count
            tierChoice[id] = (designed.tierIndex + (action == .nextTier ? 1 : count - 1)) % count
            return []
        case .togglePeriod:
            guard let side = designed.period else { return nil }
            if store.isBusy { return [] }
            show(side.toggled, from: designed, on: page)
            return []
        default:
            return nil
        }
    }

    /// Shows the tab at `index` of the page (a click on it).
    mutating func selectTier(_ index: Int, on page: PaywallPage) {
        guard !store.isBusy, let designed = designed(for: page), designed.tiers.indices.contains(index) else { return }
        tierChoice[designed.base.id] = index
    }

    /// Shows one side of the period switch (a click on it).
    mutating func selectPeriod(_ side: PeriodSide, on page: PaywallPage) {
        guard !store.isBusy, let designed = designed(for: page), designed.period != nil else { return }
        show(side, from: designed, on: page)
    }

    /// Turns the switch to `side`, the selection going to the package of the same tier there
    /// (Pro yearly to Pro monthly), so the button and the price change and nothing else does.
    private mutating func show(_ side: PeriodSide, from designed: DesignedOffering, on page: PaywallPage) {
        let packages = designed.visible.packages
        let selected = selectedIndex(in: designed.visible)
        periodChoice[designed.base.id] = side
        guard packages.indices.contains(selected), let now = self.designed(for: page) else { return }
        let tiers = designed.base.designTiers
        func tier(of package: Package) -> Int? { tiers.firstIndex { $0.packageIDs.contains(package.identifier) } }
        guard let chosenTier = tier(of: packages[selected]),
            let index = now.visible.packages.firstIndex(where: { tier(of: $0) == chosenTier })
        else { return }
        select(index, on: page)
    }
}

extension PaywallController {
    /// Works out the page's prices and copy once, for every later `presentation(for:)`: on
    /// every tab and side of the switch, so that changing them formats nothing either.
    public mutating func prepare(_ page: PaywallPage) {
        guard let shown = designed(for: page) else { return }
        let design = page.design.overriding(catalog.paywall)
        for tier in 0..<max(1, shown.tiers.count) {
            for side in [nil] + PeriodSide.allCases {
                let designed = DesignedOffering(base: shown.base, design: design, tierIndex: tier, period: side)
                let key = OfferingTextKey(page: page, view: Self.viewKey(designed.visible))
                guard offeringTexts[key] == nil else { continue }
                offeringTexts[key] = PaywallOfferingText(designed: designed, catalog: catalog, formatter: formatter)
            }
        }
    }

    /// Everything the page sells, as `--plain` lists it: a presentation per tab (named), each
    /// with every period whichever side the switch shows.
    public func plainSections(for page: PaywallPage) -> [(tier: String?, presentation: PaywallPresentation)] {
        everyPackageByTab(for: page).map { tier, designed in
            let text = PaywallOfferingText(designed: designed, catalog: catalog, formatter: formatter)
            return (tier, presentation(from: text, designed: designed))
        }
    }

    /// The identifiers of the packages `plainSections` lists, section by section and row by row.
    public func plainPackageIDs(for page: PaywallPage) -> [[String]] {
        everyPackageByTab(for: page).map { $0.designed.visible.packages.map(\.identifier) }
    }

    /// The page's offering once per tab (named where there are tabs), each with every period.
    private func everyPackageByTab(for page: PaywallPage) -> [(tier: String?, designed: DesignedOffering)] {
        guard let shown = designed(for: page) else { return [] }
        let design = page.design.overriding(catalog.paywall)
        let tabs = shown.tabNames
        return (0..<max(1, tabs.count)).map { index in
            let designed = DesignedOffering(
                base: shown.base, design: design, tierIndex: tabs.isEmpty ? shown.tierIndex : index, period: nil,
                everyPeriod: true)
            return (tabs.isEmpty ? nil : tabs[index], designed)
        }
    }

    /// Shows the tab and the side of the period switch that hold the package `id`, and selects
    /// it: a package chosen by name (a number typed in the conversation) rather than by keys.
    /// False when the page does not sell it, or the store is busy.
    @discardableResult
    mutating func show(packageID id: String, on page: PaywallPage) -> Bool {
        guard !store.isBusy, let designed = designed(for: page) else { return false }
        let offering = designed.base.id
        if !designed.tabNames.isEmpty, let tier = designed.tiers.firstIndex(where: { $0.packageIDs.contains(id) }) {
            tierChoice[offering] = tier
        }
        if let tab = self.designed(for: page), let side = tab.period,
            !tab.visible.packages.contains(where: { $0.identifier == id })
        {
            periodChoice[offering] = side.toggled
        }
        guard let shown = self.designed(for: page),
            let index = shown.visible.packages.firstIndex(where: { $0.identifier == id })
        else { return false }
        select(index, on: page)
        return true
    }
}

/// Where a page's formatted texts are kept: per page and per set of packages shown.
struct OfferingTextKey: Hashable, Sendable {
    var page: PaywallPage
    var view: String
}
