/// What a vendor designs of a paywall beyond its words: the layout and whether the period
/// switch shows. The catalog's `"paywall"` sets it for every paywall; a paywall page's own
/// members replace the catalog's one by one.
public struct PaywallDesign: Hashable, Sendable {
    public var layout: PaywallLayout?
    public var periodSwitch: Bool?
    public var countdown: PaywallCountdown?
    /// Social proof: lines shown one at a time under the packages, the next every
    /// `PaywallDesign.testimonialSeconds`.
    public var testimonials: [String]?

    public init(
        layout: PaywallLayout? = nil, periodSwitch: Bool? = nil, countdown: PaywallCountdown? = nil,
        testimonials: [String]? = nil
    ) {
        self.layout = layout
        self.periodSwitch = periodSwitch
        self.countdown = countdown
        self.testimonials = testimonials
    }

    /// How long each testimonial shows before the next: long enough to read two lines.
    public static let testimonialSeconds = 6.0

    /// The members of a paywall page (and of the catalog's `"paywall"`) that carry the design.
    public static let memberNames: Set<String> = ["layout", "periodSwitch", "countdown", "testimonials"]

    /// This design with every member `base` sets and this one does not taken from `base`.
    public func overriding(_ base: PaywallDesign) -> PaywallDesign {
        PaywallDesign(
            layout: layout ?? base.layout, periodSwitch: periodSwitch ?? base.periodSwitch,
            countdown: countdown ?? base.countdown, testimonials: testimonials ?? base.testimonials)
    }

    /// The layout in force: the list unless one was chosen.
    public var resolvedLayout: PaywallLayout { layout ?? .list }
}

/// One tab of a `tiers` paywall (or one column of a comparison): a name, what it gives, and the
/// packages that sell it.
public struct PaywallTier: Hashable, Sendable {
    public var id: String
    public var name: String
    public var features: [String]
    /// Identifiers of the offering's packages in this tier, in the offering's order.
    public var packageIDs: [String]

    public init(id: String, name: String, features: [String] = [], packageIDs: [String]) {
        self.id = id
        self.name = name
        self.features = features
        self.packageIDs = packageIDs
    }
}

/// One row of a comparison table: a feature and, per tier (or package) id, what that column
/// gives of it. A column the row does not name shows ✗.
public struct ComparisonRow: Hashable, Sendable {
    public enum Cell: Hashable, Sendable {
        case included
        case excluded
        case value(String)
    }

    public var feature: String
    public var cells: [String: Cell]

    public init(feature: String, cells: [String: Cell]) {
        self.feature = feature
        self.cells = cells
    }
}
