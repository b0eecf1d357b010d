extension LocalizedText {
    /// The members of a text object that are no language: its variants and their experiment.
    static let experimentKeys: Set<String> = ["variants", "experiment"]

    /// The variant texts of an object (`"variants"`, `"experiment"`); `failed` after an error.
    /// Which experiment and which variants exist is checked once the whole file is read
    /// (`TextLanguages.checkExperimentTexts`).
    static func decodeExperimentTexts(
        _ node: JSONNode, path: JSONPath, log: DiagnosticLog, nonEmpty: Bool, allowsVariants: Bool
    ) -> (texts: [ExperimentText], id: String?, failed: Bool) {
        var failed = false
        var id: String?
        if let experiment = node["experiment"] {
            if let name = experiment.stringValue, !name.isEmpty {
                id = name
            } else {
                log.error(
                    path.appending("experiment"), at: experiment.location,
                    "expected the id of one of the deck's experiments, found \(experiment.kindName)")
                failed = true
            }
        }
        guard let variantsNode = node["variants"] else {
            if id != nil {
                log.error(
                    path.appending("experiment"), at: node["experiment"]?.location,
                    "\"experiment\" names whose \"variants\" these are; add \"variants\" or remove it")
                failed = true
            }
            return ([], id, failed)
        }
        let variantsPath = path.appending("variants")
        guard allowsVariants else {
            log.error(variantsPath, at: variantsNode.location, "a variant's text cannot have variants of its own")
            return ([], id, true)
        }
        guard let members = variantsNode.members, !members.isEmpty else {
            log.error(
                variantsPath, at: variantsNode.location,
                "expected an object of variant ids and their texts, such as {\"b\": \"…\"}")
            return ([], id, true)
        }
        var texts: [ExperimentText] = []
        for member in members {
            guard
                let text = decode(
                    member.value, path: variantsPath.appending(member.key), log: log, nonEmpty: nonEmpty,
                    allowsVariants: false)
            else {
                failed = true
                continue
            }
            texts.append(ExperimentText(variant: member.key, keyLocation: member.keyLocation, text: text))
        }
        return (texts, id, failed)
    }

    /// The text a reader assigned to `assignments` sees: the variant's, else this default one.
    func shown(assignments: [String: String], soleExperiment: String?) -> LocalizedText {
        guard !experimentTexts.isEmpty, let experiment = experiment ?? soleExperiment,
            let assigned = assignments[experiment],
            let text = experimentTexts.first(where: { $0.variant == assigned })
        else { return self }
        return text.text
    }
}
