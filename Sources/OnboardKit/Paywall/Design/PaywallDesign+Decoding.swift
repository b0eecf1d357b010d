extension PaywallDesign {
    /// Reads the design members of a paywall page or of the catalog's `"paywall"`, reporting a
    /// layout it does not know with the closest one; `words` chooses a text's language.
    static func decode(
        _ reader: JSONObjectReader, log: DiagnosticLog, words: (LocalizedText) -> String
    ) -> PaywallDesign {
        var design = PaywallDesign()
        if let name = reader.string("layout") {
            if let layout = PaywallLayout(rawValue: name) {
                design.layout = layout
            } else {
                let names = PaywallLayout.allCases.map(\.rawValue)
                var message =
                    "unknown layout \"\(SafeText.excerpt(name))\"; expected one of "
                    + names.map { "\"\($0)\"" }.joined(separator: ", ")
                if let suggestion = Suggestions.closest(to: name, in: names).first {
                    message += " (did you mean \"\(suggestion)\"?)"
                }
                log.error(reader.path.appending("layout"), at: reader.member("layout")?.location, message)
            }
        }
        design.periodSwitch = reader.bool("periodSwitch")
        if let countdown = reader.object("countdown") { design.countdown = decodeCountdown(countdown, log: log) }
        if let items = reader.array("testimonials") {
            design.testimonials = items.compactMap { node, path in
                LocalizedText.decode(node, path: path, log: log, nonEmpty: true).map(words)
            }
        }
        return design
    }

    /// `{"until": RFC 3339 date}` or `{"for": ISO 8601 duration of days and time}`, one of them.
    static func decodeCountdown(_ reader: JSONObjectReader, log: DiagnosticLog) -> PaywallCountdown? {
        reader.warnUnknownKeys(["until", "for"])
        guard reader.has("until") != reader.has("for") else {
            log.error(reader.path, at: reader.node.location, "give one of \"until\" (a date) or \"for\" (a duration)")
            return nil
        }
        if let text = reader.string("until") {
            do {
                return PaywallCountdown(.until(try RFC3339Date.parse(text)))
            } catch {
                log.error(
                    reader.path.appending("until"), at: reader.member("until")?.location,
                    "expected an RFC 3339 date and time such as 2026-12-31T23:59:59Z: \(error)")
                return nil
            }
        }
        guard let text = reader.string("for") else { return nil }
        guard let seconds = PaywallCountdown.seconds(ofDuration: text) else {
            log.error(
                reader.path.appending("for"), at: reader.member("for")?.location,
                "expected an ISO 8601 duration of days and time such as PT24H or P2DT12H, found \"\(SafeText.excerpt(text))\""
            )
            return nil
        }
        return PaywallCountdown(.after(seconds: seconds))
    }
}
