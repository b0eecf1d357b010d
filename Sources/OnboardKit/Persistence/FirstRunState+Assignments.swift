extension FirstRunState {
    /// The experiment assignments kept for `appID`: experiment id -> variant id.
    public func assignments(forApp appID: String) -> [String: String] { assignments?[appID] ?? [:] }

    /// Keeps `assigned` for `appID` where nothing is kept yet: a kept assignment is never
    /// replaced (that is what holds a user in a variant when the weights change). Returns
    /// whether anything changed.
    @discardableResult
    public mutating func keepAssignments(_ assigned: [String: String], appID: String) -> Bool {
        var kept = assignments(forApp: appID)
        var changed = false
        for (experiment, variant) in assigned where kept[experiment] == nil {
            kept[experiment] = variant
            changed = true
        }
        guard changed else { return false }
        var all = assignments ?? [:]
        all[appID] = kept
        assignments = all
        return true
    }
}
