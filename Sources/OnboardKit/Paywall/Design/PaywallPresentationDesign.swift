import FoundationEssentials

/// What a designed paywall shows beyond the list, as text: the layout, the tabs, the period
/// switch and the comparison table.
public struct PaywallPresentationDesign: Hashable, Sendable {
    public var layout: PaywallLayout = .list
    /// The tabs' names (a `tiers` paywall); empty without tabs.
    public var tabs: [String] = []
    public var selectedTab = 0
    /// The period switch's side shown; nil without a switch.
    public var period: PeriodSide?
    /// The switch shows on another tab: this one keeps its line empty, so changing tabs moves
    /// nothing.
    public var keepsPeriodLine = false
    public var comparison: PaywallComparison?
    /// "Offer ends in 23:59:58" while a countdown runs; nil without one or once it is over.
    public var countdown: String?
    /// When the countdown ends, over or not.
    public var countdownEnd: Date?
    /// The testimonial shown now, and all of them (`--plain` lists each).
    public var testimonial: String?
    public var testimonials: [String] = []

    public init() {}
}

/// A comparison table as text: a column per tier (or package), a row per feature.
public struct PaywallComparison: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var feature: String
        /// One text per column: "✓", "✗" or a value such as "5 GB".
        public var cells: [String]
    }

    public var columns: [String]
    public var rows: [Row]
    /// The column of the selected package, drawn highlighted.
    public var highlighted: Int?
}

extension PaywallPresentation {
    /// Takes the design of the offering shown: tabs, period switch, comparison table.
    mutating func applyDesign(_ designed: DesignedOffering, selectedIndex: Int) {
        var result = PaywallPresentationDesign()
        result.layout = designed.layout
        result.tabs = designed.tabNames.map { SafeText.sanitize($0) }
        result.selectedTab = designed.tierIndex
        result.period = designed.period
        result.keepsPeriodLine = designed.period == nil && designed.switchShowsOnSomeTab
        if let table = designed.comparisonTable {
            result.comparison = PaywallComparison(
                columns: table.columns.map { SafeText.sanitize($0.name) },
                rows: table.rows.map { row in
                    PaywallComparison.Row(
                        feature: SafeText.sanitize(row.feature),
                        cells: table.columns.map { column in
                            switch row.cells[column.id] ?? .excluded {
                            case .included: "✓"
                            case .excluded: "✗"
                            case .value(let text): SafeText.sanitize(text)
                            }
                        })
                }, highlighted: designed.comparisonColumn(ofSelected: selectedIndex))
        }
        design = result
    }
}
