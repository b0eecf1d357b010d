extension DiagnosticLog {
    /// Reports each variable a paywall text does not know: the paywall would show it as
    /// written. Used for the catalog's copy and for the words a deck's paywall page sets over
    /// it, in every language. `validate` makes it an error, so a typo in one language cannot
    /// pass; a run only warns, and shows the variable as written rather than an empty string.
    func reportUnknownVariables(in text: String, path: JSONPath, at location: SourceLocation?, asError: Bool) {
        for name in PaywallCopyTemplate(text).unknownVariables {
            let hint = Suggestions.closest(to: name, in: PaywallCopyTemplate.knownVariables).first.map {
                " (did you mean {{ \($0) }}?)"
            }
            let variable = "unknown variable {{ \(SafeText.sanitize(name)) }}"
            if asError {
                error(path, at: location, "\(variable)\(hint ?? ""); the paywall would show it as written")
            } else {
                warning(path, at: location, "\(variable) is shown as written\(hint ?? "")")
            }
        }
    }

    /// The same for every language of `text`, each at its own string.
    func reportUnknownVariables(in text: LocalizedText, asError: Bool) {
        for variant in text.variants {
            reportUnknownVariables(
                in: variant.text, path: text.path(of: variant), at: variant.location, asError: asError)
        }
    }
}
