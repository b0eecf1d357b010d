/// How a paywall lays out its packages (`"layout"` of a paywall page or of the catalog's
/// `"paywall"`): today's list, boxed cards side by side, tabs of tiers, or a comparison table.
public enum PaywallLayout: String, CaseIterable, Hashable, Sendable {
    /// One row per package (the default).
    case list
    /// The packages side by side as boxed cards; they stack as rows where they do not fit.
    case cards
    /// Tabs across the top, one per tier, each with its own features and packages.
    case tiers
    /// A table of features by tier (or by package), then the packages.
    case comparison
}

/// One side of the period switch (Monthly | Yearly).
public enum PeriodSide: String, CaseIterable, Hashable, Sendable {
    case monthly
    case yearly

    /// Whether `product` is shown on this side: a period of a year or more is yearly, a shorter
    /// one monthly, and what has no period (a lifetime unlock) shows on both.
    public func shows(_ product: Product) -> Bool {
        guard let period = product.subscriptionPeriod else { return true }
        return (period.approximateMonths >= 12) == (self == .yearly)
    }

    /// The other side.
    public var toggled: PeriodSide { self == .monthly ? .yearly : .monthly }

    /// "Monthly", "Yearly", in the reader's language.
    public var label: String { self == .monthly ? Messages.tr("Monthly") : Messages.tr("Yearly") }
}

extension SubscriptionPeriod {
    /// The period in months, weeks and days counting as parts of a month: only to tell a
    /// yearly plan from a shorter one.
    var approximateMonths: Double {
        switch unit {
        case .day: Double(value) / 30
        case .week: Double(value) * 7 / 30
        case .month: Double(value)
        case .year: Double(value) * 12
        }
    }
}
