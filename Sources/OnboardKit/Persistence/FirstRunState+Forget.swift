extension FirstRunState {
    /// Forgets what the user of `appID` has seen, so `--first-run` shows the tour again.
    /// Returns the record that was forgotten, nil when there was none. The catalog the record
    /// named is kept (`catalogPath(forApp:)`): it is the app's, and `has --app` still answers.
    @discardableResult
    public mutating func forget(appID: String) -> Record? {
        let record = apps.removeValue(forKey: appID)
        keepCatalog(of: record, forApp: appID)
        return record
    }

    /// Forgets every app's record, keeping the catalogs they named as `forget(appID:)` does.
    public mutating func forgetAll() {
        for (appID, record) in apps { keepCatalog(of: record, forApp: appID) }
        apps = [:]
    }
}
