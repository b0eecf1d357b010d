extension DiagnosticLog {
    /// Warns about each variable a paywall text does not know: it would show as written. Used
    /// for the catalog's copy and for the words a deck's paywall page sets over it.
    func warnAboutUnknownVariables(in text: String, path: JSONPath, at location: SourceLocation?) {
        for name in PaywallCopyTemplate(text).unknownVariables {
            let hint = Suggestions.closest(to: name, in: PaywallCopyTemplate.knownVariables).first.map {
                " (did you mean {{ \($0) }}?)"
            }
            warning(
                path, at: location, "unknown variable {{ \(SafeText.sanitize(name)) }} is shown as written\(hint ?? "")"
            )
        }
    }
}
