import FoundationEssentials

/// What every question to the simulated store is asked against: the catalog, the purchase
/// ledger, the store's simulated date and the calendar its periods count in. They always
/// travel together, so they travel as one value.
public struct StoreContext: Sendable {
    public var catalog: Catalog
    public var ledger: Ledger
    /// The store's simulated date.
    public var now: Date
    /// The calendar periods and renewals count in.
    public var calendar: Calendar

    public init(catalog: Catalog, ledger: Ledger, now: Date, calendar: Calendar) {
        self.catalog = catalog
        self.ledger = ledger
        self.now = now
        self.calendar = calendar
    }
}
