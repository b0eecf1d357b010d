extension Diagnostic {
    /// The warnings found for readers of several languages, each once, in the order first
    /// found, its message naming every language it was found for: `in "de", "ru": …`.
    static func namingLanguages(_ found: [(warning: Diagnostic, language: String)]) -> [Diagnostic] {
        var merged: [(warning: Diagnostic, names: [String])] = []
        for (warning, language) in found {
            let name = "\"\(LanguageTag.displayName(language))\""
            if let index = merged.firstIndex(where: { $0.warning == warning }) {
                merged[index].names.append(name)
            } else {
                merged.append((warning, [name]))
            }
        }
        return merged.map { warning, names in
            var named = warning
            named.message = "in \(names.joined(separator: ", ")): " + warning.message
            return named
        }
    }
}
