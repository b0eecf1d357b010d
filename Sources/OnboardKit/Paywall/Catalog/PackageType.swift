/// The role of a package in an offering, derived from its identifier the way RevenueCat does:
/// `$rc_annual` is the annual package, any other identifier is custom.
public enum PackageType: Hashable, Sendable, CaseIterable {
    case annual
    case sixMonth
    case threeMonth
    case twoMonth
    case monthly
    case weekly
    case lifetime
    case custom

    /// Reads RevenueCat's reserved identifiers; everything else is `.custom`.
    public init(identifier: String) {
        self = Self.allCases.first { $0.identifier == identifier } ?? .custom
    }

    /// The reserved identifier, such as `$rc_monthly`; nil for custom packages.
    public var identifier: String? {
        switch self {
        case .annual: return "$rc_annual"
        case .sixMonth: return "$rc_six_month"
        case .threeMonth: return "$rc_three_month"
        case .twoMonth: return "$rc_two_month"
        case .monthly: return "$rc_monthly"
        case .weekly: return "$rc_weekly"
        case .lifetime: return "$rc_lifetime"
        case .custom: return nil
        }
    }

    /// All reserved identifiers, for "did you mean" hints.
    public static var reservedIdentifiers: [String] { allCases.compactMap(\.identifier) }

    /// The subscription period a product behind this package should have; nil for lifetime
    /// and custom packages.
    public var expectedPeriod: SubscriptionPeriod? {
        switch self {
        case .annual: return SubscriptionPeriod(value: 1, unit: .year)
        case .sixMonth: return SubscriptionPeriod(value: 6, unit: .month)
        case .threeMonth: return SubscriptionPeriod(value: 3, unit: .month)
        case .twoMonth: return SubscriptionPeriod(value: 2, unit: .month)
        case .monthly: return SubscriptionPeriod(value: 1, unit: .month)
        case .weekly: return SubscriptionPeriod(value: 1, unit: .week)
        case .lifetime, .custom: return nil
        }
    }

    /// The package type whose expected period is `period` (`P1M` is monthly), or nil.
    public init?(period: SubscriptionPeriod) {
        guard let type = Self.allCases.first(where: { $0.expectedPeriod == period }) else { return nil }
        self = type
    }

    /// The name a paywall shows for the package: "Annual", "6 Month", "Lifetime"; nil for custom.
    public var displayName: String? {
        switch self {
        case .annual: return Messages.tr("Annual")
        case .sixMonth: return Messages.tr("6 Month")
        case .threeMonth: return Messages.tr("3 Month")
        case .twoMonth: return Messages.tr("2 Month")
        case .monthly: return Messages.tr("Monthly")
        case .weekly: return Messages.tr("Weekly")
        case .lifetime: return Messages.tr("Lifetime")
        case .custom: return nil
        }
    }
}
