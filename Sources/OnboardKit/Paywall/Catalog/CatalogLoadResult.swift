/// What loading a catalog produced: the catalog when nothing was wrong enough to stop it, and
/// every problem found on the way, in the order they were found.
public struct CatalogLoadResult: Sendable {
    /// Nil when any diagnostic is an error.
    public var catalog: Catalog?
    public var diagnostics: [Diagnostic]

    public init(catalog: Catalog?, diagnostics: [Diagnostic]) {
        self.catalog = catalog
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
