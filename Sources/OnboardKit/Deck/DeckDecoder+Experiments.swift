extension DeckDecoder {
    /// Experiments and variants over these counts are refused: a deck is not a data set.
    static let maximumExperiments = 100
    static let maximumVariants = 100

    /// The deck's `"experiments"`; empty when it has none or they have errors (each logged
    /// where it stands).
    func decodeExperiments(_ object: JSONObjectReader) -> [Experiment] {
        guard let items = object.array("experiments") else { return [] }
        let path = JSONPath.root.appending("experiments")
        if items.count > Self.maximumExperiments {
            log.error(
                path, at: object.member("experiments")?.location,
                "\(items.count) experiments is over the limit of \(Self.maximumExperiments)")
            return []
        }
        var experiments: [Experiment] = []
        var seen: [String: SourceLocation] = [:]
        var valid = true
        for item in items {
            guard let experiment = decodeExperiment(item.node, path: item.path) else {
                valid = false
                continue
            }
            if let first = seen[experiment.id] {
                log.error(
                    item.path.appending("id"), at: item.node["id"]?.location,
                    "the experiment id \"\(experiment.id)\" is used already at \(first); ids must be unique")
                valid = false
                continue
            }
            seen[experiment.id] = item.node["id"]?.location
            experiments.append(experiment)
        }
        return valid ? experiments : []
    }

    private func decodeExperiment(_ node: JSONNode, path: JSONPath) -> Experiment? {
        guard let reader = JSONObjectReader(node, path: path, log: log) else { return nil }
        reader.warnUnknownKeys(["id", "seed", "variants", "holdout"])
        let id = experimentID("id", in: reader)
        let seed = reader.string("seed", nonEmpty: true)
        let holdout = reader.double("holdout", in: 0...100)
        let variants = decodeVariants(reader)
        let holdoutIsValid = reader.has("holdout") == (holdout != nil)
        guard let id, let variants, holdoutIsValid else { return nil }
        return Experiment(id: id, seed: seed, variants: variants, holdout: holdout ?? 0)
    }

    private func decodeVariants(_ reader: JSONObjectReader) -> [Experiment.Variant]? {
        guard let items = reader.array("variants", required: true) else { return nil }
        let path = reader.path.appending("variants")
        guard !items.isEmpty, items.count <= Self.maximumVariants else {
            log.error(
                path, at: reader.member("variants")?.location,
                items.isEmpty
                    ? "an experiment needs at least one variant, such as {\"id\": \"a\", \"weight\": 50}"
                    : "\(items.count) variants is over the limit of \(Self.maximumVariants)")
            return nil
        }
        var variants: [Experiment.Variant] = []
        var seen: [String: SourceLocation] = [:]
        var valid = true
        for item in items {
            guard let variant = JSONObjectReader(item.node, path: item.path, log: log) else {
                valid = false
                continue
            }
            variant.warnUnknownKeys(["id", "weight"])
            let weight = variant.double("weight", in: 0...1_000_000)
            guard let id = experimentID("id", in: variant), variant.has("weight") == (weight != nil) else {
                valid = false
                continue
            }
            if let first = seen[id] {
                log.error(
                    item.path.appending("id"), at: item.node["id"]?.location,
                    "the variant id \"\(id)\" is used already at \(first); ids must be unique within an experiment")
                valid = false
                continue
            }
            seen[id] = item.node["id"]?.location
            variants.append(Experiment.Variant(id: id, weight: weight ?? 1))
        }
        guard valid else { return nil }
        guard variants.contains(where: { $0.weight > 0 }) else {
            log.error(
                path, at: reader.member("variants")?.location,
                "every weight is 0, so no one would be assigned; give at least one variant a weight above 0")
            return nil
        }
        return variants
    }

    /// An experiment's or a variant's id: letters, digits, `.`, `_` and `-`, so that
    /// `--variant EXPERIMENT=VARIANT` and the event files can write it as it is.
    private func experimentID(_ key: String, in reader: JSONObjectReader) -> String? {
        guard let id = reader.string(key, required: true, nonEmpty: true) else { return nil }
        let allowed = id.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "._-".unicodeScalars.contains($0))
        }
        guard allowed, id.utf8.count <= 64 else {
            log.error(
                reader.path.appending(key), at: reader.member(key)?.location,
                "\"\(SafeText.excerpt(id))\" is not an id; use at most 64 letters, digits, \".\", \"_\" and \"-\"")
            return nil
        }
        return id
    }
}
