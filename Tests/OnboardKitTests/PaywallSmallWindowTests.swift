import Foundation
import Testing

@testable import OnboardKit

/// The paywall in windows too small for its list: the selection always shows, the list scrolls
/// with markers, prices stay whole, and nothing moves but the list when the selection does.
@Suite struct PaywallSmallWindowTests {
    /// Twenty packages with long names: subscriptions, passes and one-time unlocks.
    static func manyPackages(_ count: Int = 20) -> Catalog {
        var products: [Product] = []
        for index in 0..<count {
            let name = String(format: "Package %02d with a name too long for a small window", index)
            let id = "p\(index)"
            switch index % 3 {
            case 0:
                products.append(
                    Product(
                        id: id, type: .autoRenewable, price: 79.99, currencyCode: "USD",
                        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .year), subscriptionGroup: "g\(index)",
                        subscriptionGroupLevel: 1, localizedTitle: name))
            case 1:
                products.append(
                    Product(
                        id: id, type: .nonRenewing, price: 1.99, currencyCode: "USD",
                        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .week), localizedTitle: name))
            default:
                products.append(
                    Product(id: id, type: .nonConsumable, price: 129.99, currencyCode: "USD", localizedTitle: name))
            }
        }
        let offering = Offering(
            id: "default", packages: products.map { Package(identifier: "pkg_\($0.id)", product: $0) },
            copy: PaywallCopy(title: "Many plans", callToAction: "Buy {{ product_name }}"))
        return Catalog(
            offerings: [offering], currentOfferingID: "default",
            products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
            entitlements: [Entitlement(id: "all", displayName: "All", productIDs: products.map(\.id))])
    }

    static func app(
        _ catalog: Catalog, width: Int, height: Int, pages: [Page] = [.paywall(PaywallPage(offeringID: nil))],
        reducesMotion: Bool = true, latency: Double = 0
    ) -> OnboardingApp {
        PaywallFixtures.app(
            PaywallFixtures.deck(pages),
            setup: PaywallSetup(
                catalog: catalog, latency: latency, clock: StoreClock(startWallDate: PaywallFixtures.start)),
            width: width, height: height, settings: AppSettings(reducesMotion: reducesMotion, seed: 1))
    }

    static func selected(_ app: OnboardingApp) -> Int {
        guard case .paywall(let page) = app.deck.pages[app.carousel.currentIndex] else { return -1 }
        return app.paywall?.selectedIndex(on: page) ?? -1
    }

    /// The packages whose rows are on screen (counted from the "↑ 3 more" marker, since a
    /// narrow window may leave no room for names), and the selected one's.
    static func rowsOnScreen(_ lines: [String]) -> (shown: [Int], selected: Int?) {
        // The page's rows: below the top bar, above the dots and the controls.
        let content = lines.dropFirst().dropLast(2)
        var first = 0
        if let marker = content.first(where: { $0.contains("↑ ") }),
            let range = marker.range(of: "↑ ")
        {
            first = Int(marker[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        var shown: [Int] = []
        var selected: Int?
        for line in content
        where line.hasPrefix("  ● ") || line.hasPrefix("  ○ ") || line.contains(" ● ") || line.contains(" ○ ") {
            let number = first + shown.count
            // Where the name shows, it agrees with the count.
            if let range = line.range(of: "Package "), let named = Int(line[range.upperBound...].prefix(2)) {
                precondition(named == number, "row \(named) counted as \(number)")
            }
            shown.append(number)
            if line.contains("●") { selected = number }
        }
        return (shown, selected)
    }

    @Test func at40x12WithTwentyPackagesTheSelectionAlwaysShowsWithMarkers() throws {
        var app = Self.app(Self.manyPackages(), width: 40, height: 12)
        var buttonRow: Int?
        var markerRows: Set<Int> = []
        let keys = Array(repeating: Key.down, count: 19) + Array(repeating: Key.up, count: 19) + [.end]
        for key in [Key.character("x")] + keys {
            _ = app.update(.key(key))
            let lines = TestDecks.screen(app).lines
            let (shown, selected) = Self.rowsOnScreen(lines)
            #expect(selected == Self.selected(app), "\(lines.joined(separator: "\n"))")
            #expect(shown.count >= 3)
            // Restore and Not now stay within reach.
            #expect(lines.contains { $0.lowercased().contains("restore") && $0.lowercased().contains("not now") })
            #expect(shown == Array(shown[0]...shown[shown.count - 1]))
            let above = shown[0]
            let below = 19 - shown[shown.count - 1]
            #expect(lines.contains { $0.contains("↑ \(above) more") } == (above > 0))
            #expect(lines.contains { $0.contains("↓ \(below) more") } == (below > 0))
            // Prices stay whole; the names give way.
            for line in lines where line.contains("Package ") && (line.contains("●") || line.contains("○")) {
                #expect(line.contains("… "))
                #expect(line.contains("$79.99/yr") || line.contains("$1.99 for 1 week") || line.contains("$129.99"))
            }
            // Nothing but the list moves: the markers' rows and the button stay put.
            let button = try #require(lines.firstIndex { $0.contains("Buy Package") })
            #expect(buttonRow == nil || buttonRow == button)
            buttonRow = button
            let markers = Set(lines.indices.filter { lines[$0].contains(" more") })
            #expect(markers.isSubset(of: markerRows) || markerRows.isEmpty || markerRows.isSubset(of: markers))
            markerRows.formUnion(markers)
        }
        #expect(markerRows.count == 2)
    }

    @Test func enterBuysTheSelectedPackageTheUserSees() {
        var app = Self.app(Self.manyPackages(), width: 40, height: 12)
        _ = PaywallFlowTests.press(Array(repeating: .down, count: 15), &app)
        #expect(Self.rowsOnScreen(TestDecks.screen(app).lines).selected == 15)
        let recorded = PaywallFlowTests.press([.enter], &app)
        #expect(recorded.map(\.productID) == ["p15"])
    }

    /// At every size and selection, Enter either buys the package whose row is on screen as
    /// selected, or does nothing.
    @Test func enterNeverBuysAPackageThatIsNotOnScreen() {
        for width in [24, 40, 52] {
            for height in [8, 10, 12, 14] {
                var app = Self.app(Self.manyPackages(), width: width, height: height)
                for index in 0..<20 {
                    if index > 0 { _ = app.update(.key(.down)) }
                    let selectedOnScreen = Self.rowsOnScreen(TestDecks.screen(app).lines).selected
                    var buying = app
                    let bought = buying.update(.key(.enter)).compactMap { effect -> String? in
                        if case .record(let transaction) = effect { return transaction.productID }
                        return nil
                    }
                    #expect(
                        bought.isEmpty || (bought == ["p\(index)"] && selectedOnScreen == index),
                        "\(width)x\(height), package \(index)")
                    #expect(height < 10 || !bought.isEmpty, "\(width)x\(height), package \(index)")
                }
            }
        }
    }

    /// A paywall sliding in shows its list as it will rest: Enter buys the package selected
    /// there, as on a page at rest.
    @Test func enterWhileThePaywallSlidesInBuysTheSelectedPackage() {
        var app = Self.app(
            PaywallSmallWindowTests.manyPackages(3), width: 60, height: 16,
            pages: [.step(StepPage(heading: "Intro", text: "")), .paywall(PaywallPage(offeringID: nil))],
            reducesMotion: false)
        _ = app.update(.key(.right))
        _ = app.update(.tick(seconds: 1.0 / 60))
        #expect(app.isAnimating)
        #expect(PaywallFlowTests.answer(app.update(.key(.enter)), &app).map(\.productID) == ["p0"])
    }

    @Test func theCallToActionWrapsRatherThanLoseThePriceAfterATrial() throws {
        let catalog = try PaywallFixtures.listCatalog()
        for (width, height) in [(40, 12), (34, 12), (44, 16)] {
            let app = Self.app(catalog, width: width, height: height)
            let canvas = TestDecks.screen(app)
            let button = canvas.lines.indices.filter { row in
                canvas.lines[row].contains("$39.99/yr") && !canvas.lines[row].contains("Pro")
                    && canvas[width / 2, row].style.background != .terminalDefault
            }
            #expect(button.count == 1, "\(width)x\(height)\n\(canvas.lines.joined(separator: "\n"))")
            #expect(!canvas.text.contains("tr…"))
        }
    }

    @Test func rowsKeepPricesWholeAndCutNames() throws {
        let catalog = try PaywallFixtures.listCatalog()
        for width in 24...60 {
            let app = Self.app(catalog, width: width, height: 20)
            let lines = TestDecks.screen(app).lines
            let prices = ["$39.99/yr", "$4.99/mo", "$99.99"]
            for price in prices {
                #expect(lines.contains { $0.contains(price) && $0.contains("Pro") }, "width \(width)")
            }
        }
    }

    /// The rows, the offer line and the button stay where they are whichever package is selected.
    @Test func theLayoutStaysStillWhenTheSelectionChanges() throws {
        let catalog = try PaywallFixtures.listCatalog()
        for (width, height) in [(80, 24), (60, 20), (40, 12), (40, 16)] {
            var app = Self.app(catalog, width: width, height: height)
            var rowsOf: [String: Int]?
            var buttonRow: Int?
            for key in [Key.home, .down, .down, .up, .up] {
                _ = app.update(.key(key))
                let canvas = TestDecks.screen(app)
                var rows: [String: Int] = [:]
                for name in ["Pro Annual", "Pro Monthly", "Pro Lifetime"] {
                    rows[name] = canvas.lines.firstIndex { $0.contains(name) && ($0.contains("●") || $0.contains("○")) }
                }
                #expect(rowsOf == nil || rowsOf! == rows, "\(width)x\(height)")
                rowsOf = rows
                let button = canvas.lines.indices.first { row in
                    canvas.lines[row].contains("Start your") || canvas.lines[row].contains("Continue for")
                }
                #expect(button != nil)
                #expect(buttonRow == nil || button == buttonRow, "\(width)x\(height)")
                buttonRow = button
                // The badged price stays in the price column.
                let annual = canvas.lines.first { $0.contains("Pro Annual") && !$0.contains(":") } ?? ""
                let monthly = canvas.lines.first { $0.contains("Pro Monthly") && !$0.contains(":") } ?? ""
                #expect(
                    annual.range(of: "/yr").map { annual.distance(from: annual.startIndex, to: $0.upperBound) }
                        == monthly.range(of: "/mo").map {
                            monthly.distance(from: monthly.startIndex, to: $0.upperBound)
                        },
                    "\(width)x\(height)")
            }
        }
    }
}
