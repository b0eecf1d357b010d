/// Reads the conditions of a `.storekit` win-back offer. No schema of the format is published
/// and the conditions are new in it, so every spelling Xcode and App Store Connect use is taken:
/// a key naming the paid subscription duration (`paidSubscriptionDurationInMonths`,
/// `eligibilityPaidSubscriptionDurationInMonths`, `eligibilityDurationMonths`) gives the paid
/// months; a key naming the time since the customer last subscribed
/// (`timeSinceLastSubscribedInMonths` and its `eligibility…` and `customerEligibility…` forms)
/// gives the months since the lapse, as a number (the minimum, or the maximum when the key says
/// "maximum") or as an object of `minimum` and `maximum`.
struct StoreKitWinBackCondition {
    let log: DiagnosticLog

    /// The condition, or nil when the offer states none.
    func read(_ node: JSONNode, path: JSONPath) -> WinBackCondition? {
        var condition = WinBackCondition()
        for member in node.members ?? [] {
            let key = member.key.lowercased()
            let memberPath = path.appending(member.key)
            if Self.namesPaidDuration(key) {
                condition.minimumPaidMonths = months(member.value, path: memberPath)
            } else if Self.namesTimeSinceLapse(key) {
                if let bounds = member.value.members {
                    for bound in bounds {
                        let count = months(bound.value, path: memberPath.appending(bound.key))
                        switch bound.key.lowercased() {
                        case "minimum", "min": condition.minimumMonthsSinceLapse = count
                        case "maximum", "max": condition.maximumMonthsSinceLapse = count
                        default: continue
                        }
                    }
                } else if key.contains("max") {
                    condition.maximumMonthsSinceLapse = months(member.value, path: memberPath)
                } else {
                    condition.minimumMonthsSinceLapse = months(member.value, path: memberPath)
                }
            }
        }
        return condition == WinBackCondition() ? nil : condition
    }

    static func namesPaidDuration(_ key: String) -> Bool {
        key.contains("paidsubscriptionduration") || key.contains("paidmonths")
            || key == "eligibilitydurationmonths" || key == "eligibilitydurationinmonths"
    }

    static func namesTimeSinceLapse(_ key: String) -> Bool {
        key.contains("timesincelastsubscribed") || key.contains("sincelapse")
    }

    /// A count of months from 1 to 999; anything else is ignored with a warning, and null silently.
    private func months(_ node: JSONNode, path: JSONPath) -> Int? {
        if node.isNull { return nil }
        if let count = StoreKitProductReader.wholeNumber(node), CatalogDecoder.winBackMonths.contains(count) {
            return count
        }
        log.warning(
            path, at: node.location, "expected a number of months from 1 to 999; this condition of the offer is ignored"
        )
        return nil
    }
}
