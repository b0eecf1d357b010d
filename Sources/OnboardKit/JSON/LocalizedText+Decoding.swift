extension LocalizedText {
    /// Reads the text at `path`: a string, or an object whose keys are `default` or language
    /// tags and whose values are strings. Every problem is logged where it stands (a bad key at
    /// the key, a bad value at the value); nil when there was one.
    static func decode(
        _ node: JSONNode, path: JSONPath, log: DiagnosticLog, nonEmpty: Bool, allowsVariants: Bool = true
    ) -> LocalizedText? {
        if let text = node.stringValue {
            if nonEmpty && text.trimmingWhitespace().isEmpty {
                log.error(path, at: node.location, "must not be empty")
                return nil
            }
            let variant = Variant(language: defaultKey, text: text, key: nil, location: node.location)
            return LocalizedText(variants: [variant], isPlain: true, path: path, location: node.location)
        }
        guard let members = node.members else {
            log.error(path, at: node.location, "expected a string or an object of languages, found \(node.kindName)")
            return nil
        }
        guard !members.isEmpty else {
            log.error(
                path, at: node.location,
                "an object of languages needs at least one, such as {\"default\": \"…\", \"de\": \"…\"}")
            return nil
        }
        var variants: [Variant] = []
        var keys: [String: (key: String, location: SourceLocation)] = [:]
        var valid = true
        let experiment = decodeExperimentTexts(
            node, path: path, log: log, nonEmpty: nonEmpty, allowsVariants: allowsVariants)
        if experiment.failed { valid = false }
        for member in members where !experimentKeys.contains(member.key) {
            // Built only for a message: a file may hold a million variants.
            var variantPath: JSONPath { path.appending(member.key) }
            guard let language = language(ofKey: member.key, path: variantPath, location: member.keyLocation, log: log)
            else {
                valid = false
                continue
            }
            if let first = keys[language] {
                log.error(
                    variantPath, at: member.keyLocation,
                    "\"\(SafeText.excerpt(member.key))\" names the same language as \"\(SafeText.excerpt(first.key))\" "
                        + "at \(first.location); keep one")
                valid = false
                continue
            }
            keys[language] = (member.key, member.keyLocation)
            guard let text = member.value.stringValue else {
                log.error(variantPath, at: member.value.location, "expected a string, found \(member.value.kindName)")
                valid = false
                continue
            }
            if nonEmpty && text.trimmingWhitespace().isEmpty {
                log.error(variantPath, at: member.value.location, "must not be empty")
                valid = false
                continue
            }
            variants.append(Variant(language: language, text: text, key: member.key, location: member.value.location))
        }
        guard valid else { return nil }
        guard !variants.isEmpty else {
            log.error(
                path, at: node.location,
                "a text with \"variants\" needs its default text beside them, such as {\"default\": \"…\", "
                    + "\"variants\": {…}}: readers in no variant (the holdout) see it")
            return nil
        }
        var text = LocalizedText(variants: variants, isPlain: false, path: path, location: node.location)
        text.experimentTexts = experiment.texts
        text.experiment = experiment.id
        if !text.hasFallback {
            log.warning(
                path, at: node.location,
                "no \"default\" or \"en\" text: readers of any other language see the "
                    + "\"\(LanguageTag.displayName(variants[0].language))\" one; add \"default\"")
        }
        return text
    }

    /// `default`, or the key as a tag (`pt_BR`); nil after an error for anything else, with
    /// the closest good key when there is one.
    private static func language(ofKey key: String, path: JSONPath, location: SourceLocation, log: DiagnosticLog)
        -> String?
    {
        if key == defaultKey { return defaultKey }
        if let tag = LanguageTag(key) { return tag.identifier }
        var message =
            "\"\(SafeText.excerpt(key))\" is not a language tag; write \"default\" or a tag such as \"de\", "
            + "\"pt-BR\" or \"zh-Hans\""
        if let suggestion = Suggestions.closest(to: key, in: [defaultKey]).first {
            message += " (did you mean \"\(suggestion)\"?)"
        } else if let tag = LanguagePreference.normalized(key),
            tag.contains("_") || key.contains(".") || key.contains("@")
        {
            // `en_US.UTF-8` is a locale, `de-DE-1996` has a variant: what they name still counts.
            // `pt-BRA` is no `pt`: a language alone would be a guess.
            message += " (did you mean \"\(LanguageTag.displayName(tag))\"?)"
        }
        log.error(path, at: location, message)
        return nil
    }
}

extension JSONObjectReader {
    /// A member that is a text in one or more languages (see `LocalizedText`).
    public func localizedText(_ key: String, required: Bool = false, nonEmpty: Bool = false) -> LocalizedText? {
        guard let value = node[key] else {
            if required { log.error(path.appending(key), at: node.location, "missing required member \"\(key)\"") }
            return nil
        }
        return LocalizedText.decode(value, path: path.appending(key), log: log, nonEmpty: nonEmpty)
    }
}
