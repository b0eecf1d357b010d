/// One problem found in an input file, pointing at the file, the JSON path and the position.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var file: String
    /// The JSON path of the offending value, such as `pages[3].heading`; empty for the document.
    public var path: String
    public var location: SourceLocation?
    public var message: String

    public init(severity: Severity, file: String, path: String, location: SourceLocation?, message: String) {
        self.severity = severity
        self.file = file
        self.path = path
        self.location = location
        self.message = message
    }

    /// `deck.json:12:5: error: pages[3].heading: expected a string, found a number`
    ///
    /// Always one line: a newline or other control character in a name quoted from the file
    /// is shown as a visible symbol, so a file cannot forge a line of output.
    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        text += ": \(severity.rawValue): "
        if !path.isEmpty { text += "\(path): " }
        return SafeText.sanitize(text + message)
    }
}

/// Collects diagnostics while a file is read, so that every problem is reported, not just the
/// first one.
public final class DiagnosticLog {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) { self.file = file }

    /// How many name comparisons "did you mean" hints may still make for this file. A hint
    /// compares the unknown name with every candidate; when a file declares the candidates
    /// itself, thousands of unknown names times thousands of candidates would take minutes.
    private var suggestionComparisons = DiagnosticLog.suggestionComparisonBudget
    static let suggestionComparisonBudget = 200_000

    /// Takes `count` comparisons from the budget; false (and nothing taken) once it is spent.
    func spendSuggestionComparisons(_ count: Int) -> Bool {
        guard count <= suggestionComparisons else { return false }
        suggestionComparisons -= count
        return true
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    public func error(_ path: JSONPath, at location: SourceLocation?, _ message: String) {
        diagnostics.append(
            Diagnostic(severity: .error, file: file, path: path.description, location: location, message: message))
    }

    public func warning(_ path: JSONPath, at location: SourceLocation?, _ message: String) {
        diagnostics.append(
            Diagnostic(severity: .warning, file: file, path: path.description, location: location, message: message))
    }

    public func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
}
