import FoundationEssentials
import FoundationInternationalization

/// What `tui-onboard status` says about one app: its first-run record and every entitlement of
/// its catalog at one moment. Pure: the shell reads the files and the clock and hands them in.
public struct StatusReport: Hashable, Sendable {
    /// The version of the JSON form; it changes only when a field changes meaning or goes.
    /// 2: a refunded one-time purchase reads `refunded` (it read `not-purchased`), and a
    /// subscription's lifecycle states and fields came.
    public static let jsonVersion = 2

    public var appID: String
    public var stateDirectory: String
    /// The store's now: `--now`, else the wall clock.
    public var now: Date
    /// What the user of the app has seen; nil before the tour was finished or skipped.
    public var onboarding: FirstRunState.Record?
    /// The catalog the entitlements come from; nil when there is none.
    public var catalogPath: String?
    public var entitlements: [EntitlementStatus]
    /// The app's kept experiment assignments, experiment id -> variant id.
    public var assignments: [String: String] = [:]

    public init(
        appID: String, stateDirectory: String, now: Date, onboarding: FirstRunState.Record?, catalogPath: String?,
        entitlements: [EntitlementStatus]
    ) {
        self.appID = appID
        self.stateDirectory = stateDirectory
        self.now = now
        self.onboarding = onboarding
        self.catalogPath = catalogPath
        self.entitlements = entitlements
    }

    /// The outcome as the result JSON names it: `completed`, `skipped` or `quit`.
    static func outcomeName(_ record: FirstRunState.Record) -> String {
        switch record.completion {
        case .finished: return "completed"
        case .skipped: return record.wasQuit ? "quit" : "skipped"
        }
    }

    /// The state as the JSON names it.
    static func stateName(_ state: EntitlementStatus.State) -> String {
        switch state {
        case .notPurchased: return "not-purchased"
        case .lifetime: return "lifetime"
        case .active: return "active"
        case .expired: return "expired"
        case .awaitingApproval: return "awaiting-approval"
        case .inGracePeriod: return "in-grace-period"
        case .inBillingRetry: return "in-billing-retry"
        case .refunded: return "refunded"
        case .revoked: return "revoked"
        case .licenseFileExpired: return "license-file-expired"
        }
    }

    // MARK: For people

    /// Several lines for a person, dates in `locale` and `timeZone`.
    public func text(locale: Locale, timeZone: TimeZone) -> String {
        var lines = ["\(SafeText.sanitize(appID)) (state in \(SafeText.sanitize(stateDirectory)))"]
        if let onboarding {
            let how = Self.outcomeName(onboarding)
            lines.append(
                "  onboarding: \(how) at version \(SafeText.sanitize(onboarding.lastSeenVersion)), "
                    + Self.momentText(onboarding.date, locale: locale, timeZone: timeZone))
            // Answers are what someone typed: never raw to the terminal.
            if let answers = onboarding.answers, !answers.isEmpty {
                lines.append(
                    "  answers: "
                        + answers.keys.sorted().map { id in
                            SafeText.sanitize(id) + "=" + answers[id]!.lineText
                        }.joined(separator: ", "))
            }
        } else {
            lines.append("  onboarding: not seen yet")
        }
        if catalogPath == nil && entitlements.isEmpty {
            lines.append("  entitlements: unknown without a catalog (pass the app's --deck or --catalog)")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append(
            "  entitlements at \(Self.momentText(now, locale: locale, timeZone: timeZone)), "
                + "from \(catalogPath.map { SafeText.sanitize($0) } ?? "licenses alone"):")
        if entitlements.isEmpty { lines.append("    none in the catalog") }
        let width = entitlements.map { SafeText.sanitize($0.entitlement.id).count }.max() ?? 0
        for status in entitlements {
            let id = SafeText.sanitize(status.entitlement.id)
            let padding = String(repeating: " ", count: width - id.count)
            var line = "    \(id)\(padding)  \(status.grantsAccess ? "active  " : "inactive")  "
            // Names in it come from the catalog and the ledger: never raw to the terminal.
            line += SafeText.sanitize(status.statusLine(locale: locale, timeZone: timeZone))
            if let license = status.license {
                line += " · license \(SafeText.sanitize(license.id))"
                if let licensee = license.licensee?.text { line += ", licensed to \(SafeText.sanitize(licensee))" }
            } else if let product = status.productID {
                line += " · \(SafeText.sanitize(product))"
                if !status.counts { line += " (simulated: only signed licenses count)" }
            }
            lines.append(line)
            if let note = status.licenseFileNote(locale: locale, timeZone: timeZone) {
                lines.append("    " + String(repeating: " ", count: width) + "            " + SafeText.sanitize(note))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A date and time for a person: "Dec 1, 2026 at 9:00 AM" in en_US.
    public static func momentText(_ date: Date, locale: Locale, timeZone: TimeZone) -> String {
        EntitlementStatus.text(of: date, time: .shortened, locale: locale, timeZone: timeZone)
    }

    // MARK: For programs

    /// The JSON form described in docs/status-json.md: sorted keys, every key always present
    /// (null when it does not apply), dates in ISO 8601 UTC.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Encoding strings, numbers, booleans and finite dates cannot fail.
        let data = (try? encoder.encode(JSONForm(self))) ?? Data("{}".utf8)
        return JSONString.escapingControls(inDocument: String(decoding: data, as: UTF8.self)) + "\n"
    }

    private struct JSONForm: Encodable {
        struct Onboarding: Encodable {
            var seen: Bool
            var lastSeenVersion: String?
            var outcome: String?
            var date: Date?
            var answers: [String: Answer]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(seen, forKey: .seen)
                try container.encode(lastSeenVersion, forKey: .lastSeenVersion)
                try container.encode(outcome, forKey: .outcome)
                try container.encode(date, forKey: .date)
                try container.encode(answers, forKey: .answers)
            }

            enum CodingKeys: String, CodingKey { case seen, lastSeenVersion, outcome, date, answers }
        }

        struct Entitlement: Encodable {
            var id: String
            var name: String
            var active: Bool
            var state: String
            var expiresDate: Date?
            var willRenew: Bool?
            var periodType: String?
            var productID: String?
            var source: String?
            var licenseID: String?
            var licensee: License.Licensee?
            var graceEnds: Date?
            /// A license file's own expiry (keygen's `meta.expiry`), apart from the entitlement's end.
            var licenseFileExpiresDate: Date?
            var licenseAccountURL: String?
            var subscription: SubscriptionDetails?
            /// From the state, so a refunded one-time purchase (no subscription details) has it too.
            var refundedAt: Date?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(name, forKey: .name)
                try container.encode(active, forKey: .active)
                try container.encode(state, forKey: .state)
                try container.encode(expiresDate, forKey: .expiresDate)
                try container.encode(willRenew, forKey: .willRenew)
                try container.encode(periodType, forKey: .periodType)
                try container.encode(productID, forKey: .productID)
                try container.encode(source, forKey: .source)
                try container.encode(licenseID, forKey: .licenseID)
                try container.encode(licensee.map { ["name": $0.name, "email": $0.email] }, forKey: .licensee)
                try container.encode(graceEnds, forKey: .graceEnds)
                try container.encode(licenseFileExpiresDate, forKey: .licenseFileExpiresDate)
                try container.encode(licenseAccountURL, forKey: .licenseAccountURL)
                try container.encode(subscription?.originalTransactionID, forKey: .originalTransactionID)
                try container.encode(subscription?.unsubscribeDetectedAt, forKey: .unsubscribeDetectedAt)
                try container.encode(subscription?.billingIssueDetectedAt, forKey: .billingIssueDetectedAt)
                try container.encode(subscription?.gracePeriodExpiresDate, forKey: .gracePeriodExpiresDate)
                try container.encode(refundedAt, forKey: .refundedAt)
                try container.encode(subscription?.pendingProductID, forKey: .pendingProductID)
                try container.encode(subscription?.pendingChangeDate, forKey: .pendingChangeDate)
                try container.encode(subscription?.renewalPrice.map { "\($0)" }, forKey: .renewalPrice)
                try container.encode(
                    subscription?.priceIncrease.map { ["newPrice": "\($0.newPrice)", "status": $0.status.rawValue] },
                    forKey: .priceIncrease)
            }

            enum CodingKeys: String, CodingKey {
                case id, name, active, state, expiresDate, willRenew, periodType, productID, source, licenseID, licensee
                case graceEnds, licenseFileExpiresDate, licenseAccountURL, originalTransactionID, unsubscribeDetectedAt,
                    billingIssueDetectedAt
                case gracePeriodExpiresDate, refundedAt, pendingProductID, pendingChangeDate, renewalPrice
                case priceIncrease
            }
        }

        var version: Int
        var app: String
        var stateDirectory: String
        var now: Date
        var onboarding: Onboarding
        var catalog: String?
        var entitlements: [Entitlement]
        var assignments: [String: String]

        init(_ report: StatusReport) {
            version = StatusReport.jsonVersion
            assignments = report.assignments
            app = report.appID
            stateDirectory = report.stateDirectory
            now = report.now
            onboarding = Onboarding(
                seen: report.onboarding != nil, lastSeenVersion: report.onboarding?.lastSeenVersion,
                outcome: report.onboarding.map { StatusReport.outcomeName($0) },
                date: report.onboarding?.date, answers: report.onboarding?.answers ?? [:])
            catalog = report.catalogPath
            entitlements = report.entitlements.map { status in
                var expires: Date?
                var renews: Bool?
                var refundedAt: Date?
                switch status.state {
                case .active(let until, let willRenew):
                    expires = until
                    renews = willRenew
                case .expired(let on):
                    expires = on
                    renews = false
                case .refunded(let on), .revoked(let on):
                    expires = on
                    renews = false
                    refundedAt = on
                case .licenseFileExpired:
                    renews = false
                case .inGracePeriod(let until):
                    expires = until
                    renews = status.subscription?.willRenew ?? true
                case .inBillingRetry(let since):
                    expires = since
                    renews = status.subscription?.willRenew ?? true
                case .notPurchased, .lifetime, .awaitingApproval:
                    break
                }
                if let license = status.license, status.state.isActive || status.licenseFileExpired {
                    expires = license.expires
                }
                let source = status.license != nil ? "license" : (status.productID != nil ? "simulated" : nil)
                return Entitlement(
                    id: status.entitlement.id, name: status.entitlement.displayName, active: status.grantsAccess,
                    state: StatusReport.stateName(status.state), expiresDate: expires, willRenew: renews,
                    periodType: status.periodType?.rawValue, productID: status.productID, source: source,
                    licenseID: status.license?.id, licensee: status.license?.licensee,
                    graceEnds: status.license?.graceEnds, licenseFileExpiresDate: status.license?.fileExpires,
                    licenseAccountURL: status.license?.fileExpires == nil ? nil : status.license?.accountURL,
                    subscription: status.license == nil ? status.subscription : nil, refundedAt: refundedAt)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(app, forKey: .app)
            try container.encode(stateDirectory, forKey: .stateDirectory)
            try container.encode(now, forKey: .now)
            try container.encode(onboarding, forKey: .onboarding)
            try container.encode(catalog, forKey: .catalog)
            try container.encode(entitlements, forKey: .entitlements)
            try container.encode(assignments, forKey: .assignments)
        }

        enum CodingKeys: String, CodingKey {
            case version, app, stateDirectory, now, onboarding, catalog, entitlements, assignments
        }
    }
}
