extension FirstRunState {
    /// Forgets what the user of `appID` has seen, so `--first-run` shows the tour again.
    /// Returns the record that was forgotten, nil when there was none.
    @discardableResult
    public mutating func forget(appID: String) -> Record? {
        apps.removeValue(forKey: appID)
    }

    /// Forgets every app's record.
    public mutating func forgetAll() {
        self = FirstRunState()
    }
}
