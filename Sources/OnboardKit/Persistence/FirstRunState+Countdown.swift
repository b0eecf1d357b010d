import FoundationEssentials

extension FirstRunState {
    /// When `appID`'s user first met a paywall counting down `"for"` a while; nil until then.
    public func countdownStart(forApp appID: String) -> Date? { countdownStarts?[appID] }

    /// Keeps `date` as `appID`'s countdown start unless one is kept already (a countdown never
    /// starts again). Returns whether anything changed.
    @discardableResult
    public mutating func keepCountdownStart(_ date: Date, appID: String) -> Bool {
        guard countdownStart(forApp: appID) == nil else { return false }
        var all = countdownStarts ?? [:]
        all[appID] = date
        countdownStarts = all
        return true
    }
}
