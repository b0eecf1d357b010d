extension PaywallDesign {
    /// Reads `"layout"` and `"periodSwitch"` of a paywall page or of the catalog's `"paywall"`,
    /// reporting a layout it does not know with the closest one.
    static func decode(_ reader: JSONObjectReader, log: DiagnosticLog) -> PaywallDesign {
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
        return design
    }
}
