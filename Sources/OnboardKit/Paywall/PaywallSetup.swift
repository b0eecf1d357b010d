import FoundationEssentials

/// What the paywall needs from outside the core: the catalog, the ledger read at start, how
/// the simulated store answers, and the locale and clock to show prices and dates with.
public struct PaywallSetup: Sendable {
    public var catalog: Catalog
    public var ledger: Ledger
    public var mode: StoreSimulator.SimulationMode
    public var latency: Double
    public var clock: StoreClock
    public var locale: Locale
    public var timeZone: TimeZone
    /// True when the ledger is the sandbox one, which the hosts' `status` and `has` do not read:
    /// the paywall says so.
    public var isSandbox: Bool
    /// This run's checkout reference (128 random bits, Crockford base32), made by the shell:
    /// the core has no randomness of its own. Nil: products are bought only in the simulation.
    public var checkoutReference: String?
    /// The licenses stored in the state, verified at start: they grant beside the simulated
    /// store, and the paywall says which grants what.
    public var licenses: [License]
    /// When this user first met a paywall counting down `"for"` a while (the first-run state
    /// keeps it); nil: counted from when the paywall opens.
    public var countdownStart: Date?

    public init(
        catalog: Catalog, ledger: Ledger = Ledger(), mode: StoreSimulator.SimulationMode = .success,
        latency: Double = 1, clock: StoreClock, locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, isSandbox: Bool = false, checkoutReference: String? = nil,
        licenses: [License] = []
    ) {
        self.isSandbox = isSandbox
        self.checkoutReference = checkoutReference
        self.licenses = licenses
        self.catalog = catalog
        self.ledger = ledger
        self.mode = mode
        self.latency = latency
        self.clock = clock
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The Gregorian calendar in the setup's time zone, which periods and renewals count in.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The check that the shell runs under the ledger's lock before recording a transaction.
    public var gate: PurchaseGate { PurchaseGate(catalog: catalog, calendar: calendar) }
}
