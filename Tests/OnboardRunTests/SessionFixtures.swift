import Foundation
import OnboardDisk
import OnboardKit
import OnboardSigning
import Testing

@testable import OnboardRun

/// A state directory, a deck and catalogs in a temporary folder, and sessions over them that
/// say and print into arrays instead of the terminal's streams.
final class SessionFixtures {
    static let appID = "com.example.tool"
    static let vendor = try! Ed25519SigningKey(seed: [UInt8](repeating: 7, count: 32))
    static var vendorKey: LicensePublicKey { LicensePublicKey(bytes: vendor.publicKey)! }
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let root: String
    var stateDirectory: String { root + "/state" }
    /// What the sessions said (stderr) and printed (stdout), in order.
    var said: [String] = []
    var printed: [String] = []

    init() throws {
        root = NSTemporaryDirectory() + "session-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The built-in catalog, sold for real in `mode` (`signed`, `mixed`) with the vendor's key
    /// and a checkout address on every product; as it is with nil.
    func catalog(licensing mode: String? = nil) throws -> String {
        let source = Self.repository.appendingPathComponent("Assets/default-catalog.json")
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        catalog.removeValue(forKey: "$schema")
        if let mode {
            catalog["licensing"] = ["mode": mode, "publicKeys": [Self.vendorKey.description]]
            let products = try #require(catalog["products"] as? [[String: Any]])
            catalog["products"] = products.map { product in
                var product = product
                product["checkout"] = ["url": "https://shop.example.com/b?p=\(product["id"] ?? "")&ref={ref}"]
                return product
            }
        }
        let path = root + "/catalog-\(mode ?? "simulated").json"
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Two pages, the second new in version 2, and with a catalog the paywall.
    static func deck(version: String = "1", catalogPath: String?) -> Deck {
        let steps: [Page] = [
            .step(StepPage(heading: "Welcome", text: "")), .step(StepPage(heading: "Shortcuts", text: "")),
        ]
        let paywall: [Page] = catalogPath == nil ? [] : [.paywall(PaywallPage(offeringID: "default"))]
        return Deck(
            app: AppInfo(id: appID, name: "Tool", version: version), pages: steps + paywall,
            catalogPath: catalogPath, pageSince: [nil, "2", nil].prefix(steps.count + paywall.count).map { $0 })
    }

    func session(
        _ deck: Deck, environment: [String: String] = [:], configure: (inout OnboardingSettings) -> Void = { _ in }
    ) -> OnboardingSession {
        var settings = OnboardingSettings()
        configure(&settings)
        var session = OnboardingSession(
            deck: deck, stateDirectory: stateDirectory, settings: settings, environment: environment)
        session.say = { [unowned self] in said.append($0) }
        session.writeOutput = { [unowned self] in
            printed.append($0)
            return ExitCode.success
        }
        return session
    }

    /// The tour a session would show, with its messages current as in `run()`.
    static func plannedTour(_ session: OnboardingSession) throws -> (tour: SessionTour, result: RunResult) {
        let plan = Messages.$current.withValue(session.messages) { session.plan(started: Date()) }
        guard case .show(let tour, let result) = plan else {
            Issue.record("the session shows nothing")
            throw CancellationError()
        }
        return (tour, result)
    }

    /// Stores a license of the vendor's granting `entitlement` to the app.
    func storeLicense(granting entitlement: String = "pro") throws {
        let issue = LicenseIssue(
            appID: Self.appID, id: "LIC-1", issued: Date().addingTimeInterval(-86_400), licensee: nil,
            grants: [.init(entitlement: entitlement, expires: nil)])
        let bytes = Array(issue.armored(keyID: nil) { Self.vendor.signature(of: $0) }.utf8)
        try StateDirectory.create(stateDirectory)
        try LicenseStore(stateDirectory: stateDirectory).add(bytes, licenseID: "LIC-1")
    }

    /// Records a simulated purchase of the lifetime product in the real ledger.
    func recordPurchase() throws {
        try StateDirectory.create(stateDirectory)
        try LedgerFile(directory: stateDirectory).append(
            LedgerTransaction(
                id: "t1", productID: "tui_onboard_pro_lifetime", purchaseDate: Date().addingTimeInterval(-60)))
    }
}
