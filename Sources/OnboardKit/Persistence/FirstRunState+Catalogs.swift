extension FirstRunState {
    /// The catalog `appID`'s deck named when its tour last ran or its paywall gate last showed
    /// (an absolute path), so `has` and `status` can answer for the app by its id alone; nil
    /// when the state knows none.
    public func catalogPath(forApp appID: String) -> String? {
        apps[appID]?.catalogPath ?? catalogPaths?[appID]
    }

    /// Every app the state knows by its id: those with a record and those with only a catalog.
    public var knownAppIDs: Set<String> {
        Set(apps.keys).union(catalogPaths.map { Array($0.keys) } ?? [])
    }

    /// Notes the catalog `appID`'s deck names, without touching what its user has seen: in its
    /// record when it has one, else beside the records. Returns whether anything changed.
    @discardableResult
    public mutating func rememberCatalog(_ path: String, forApp appID: String) -> Bool {
        guard catalogPath(forApp: appID) != path else { return false }
        if apps[appID] != nil {
            apps[appID]?.catalogPath = path
        } else {
            catalogPaths = (catalogPaths ?? [:]).merging([appID: path]) { $1 }
        }
        return true
    }

    /// Moves a catalog kept beside the records into `appID`'s record once it has one, so the
    /// app's catalog is in one place; the record's own catalog, if any, stays.
    mutating func adoptCatalog(ofApp appID: String) {
        guard apps[appID] != nil, let path = catalogPaths?[appID] else { return }
        if apps[appID]?.catalogPath == nil { apps[appID]?.catalogPath = path }
        setCatalogBeside(nil, forApp: appID)
    }

    /// Keeps a forgotten record's catalog beside the records: the catalog is the app's, not
    /// what its user has seen, and purchases outlive a reset.
    mutating func keepCatalog(of record: Record?, forApp appID: String) {
        guard let path = record?.catalogPath else { return }
        setCatalogBeside(path, forApp: appID)
    }

    private mutating func setCatalogBeside(_ path: String?, forApp appID: String) {
        var paths = catalogPaths ?? [:]
        paths[appID] = path
        catalogPaths = paths.isEmpty ? nil : paths
    }
}
