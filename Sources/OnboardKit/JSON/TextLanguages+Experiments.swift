extension TextLanguages {
    /// One error for each text whose `"variants"` name no experiment of the file, or a
    /// variant the experiment does not have, with the closest id when there is one.
    /// `document` names the file ("deck", "catalog").
    func checkExperimentTexts(in log: DiagnosticLog, document: String) {
        for text in experimentTexts {
            guard let experiment = experimentID(of: text, log: log, document: document),
                let variants = experiments[experiment]
            else { continue }
            for variant in text.experimentTexts where !variants.contains(variant.variant) {
                var message =
                    "the experiment \"\(SafeText.excerpt(experiment))\" has no variant "
                    + "\"\(SafeText.excerpt(variant.variant))\"; its variants: "
                    + variants.map { "\"\(SafeText.excerpt($0))\"" }.joined(separator: ", ")
                if let suggestion = Suggestions.closest(to: variant.variant, in: variants).first {
                    message += " (did you mean \"\(SafeText.excerpt(suggestion))\"?)"
                }
                log.error(text.path.appending("variants").appending(variant.variant), at: variant.keyLocation, message)
            }
        }
    }

    /// The experiment `text` varies by, once known to exist; nil after an error.
    private func experimentID(of text: LocalizedText, log: DiagnosticLog, document: String) -> String? {
        guard let named = text.experiment else {
            if experiments.count == 1 { return experiments.keys.first }
            let message =
                experiments.isEmpty
                ? "this text has \"variants\", but the \(document) has no \"experiments\""
                    + (document == "deck"
                        ? "; add the experiment to the deck's \"experiments\""
                        : "; vary the paywall page's texts in the deck instead")
                : "name the experiment these variants belong to with \"experiment\": the deck has "
                    + experiments.keys.sorted().map { "\"\(SafeText.excerpt($0))\"" }.joined(separator: ", ")
            log.error(text.path.appending("variants"), at: text.location, message)
            return nil
        }
        guard experiments[named] == nil else { return named }
        var message = "unknown experiment \"\(SafeText.excerpt(named))\""
        if experiments.isEmpty {
            message += "; the \(document) has no \"experiments\""
        } else {
            message +=
                "; the deck's: "
                + experiments.keys.sorted().map { "\"\(SafeText.excerpt($0))\"" }
                .joined(separator: ", ")
        }
        if let suggestion = Suggestions.closest(to: named, in: Array(experiments.keys)).first {
            message += " (did you mean \"\(SafeText.excerpt(suggestion))\"?)"
        }
        log.error(text.path.appending("experiment"), at: text.location, message)
        return nil
    }
}
