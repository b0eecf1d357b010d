import Foundation
import Testing

@testable import OnboardKit

/// Package names use the width the screen has, and when they must be cut, rows that name
/// different products never read the same.
@Suite struct PaywallNameFittingTests {
    /// Rows named like a StoreKit test file's products: long, and alike for most of their length.
    static func presentation(names: [String], selected: Int = 0) -> PaywallPresentation {
        let rows = names.enumerated().map { index, name in
            PaywallPresentation.Row(
                name: name, price: "$\(index + 1).99/mo", perMonth: nil, badge: index == 1 ? "Save 20%" : nil,
                isSelected: index == selected)
        }
        return PaywallPresentation(title: "Unlock everything", rows: rows, callToAction: "Continue")
    }

    static let alike = [
        "Purchase Test Subscription Monthly", "Purchase Test Subscription Yearly",
        "Purchase Test Subscription Weekly",
    ]
    static let productIDs = [
        "com.revenuecat.monthly_4.99.1_week_intro", "com.revenuecat.annual_39.99.2_week_intro",
        "com.revenuecat.annual_39.99_no_trial", "com.revenuecat.annual_with_commitment",
    ]

    static func rowTexts(_ names: [String], width: Int) -> [String] {
        var canvas = Canvas(width: width, height: 24)
        let view = PaywallView(presentation: presentation(names: names), theme: Theme(colorMode: .indexed256))
        view.draw(into: &canvas, in: canvas.bounds, clip: canvas.bounds)
        return canvas.lines.filter { $0.contains("○ ") || $0.contains("● ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: [alike, productIDs])
    func aWideScreenShowsWholeNames(names: [String]) {
        let rows = Self.rowTexts(names, width: 120)
        #expect(rows.count == names.count)
        for (row, name) in zip(rows, names) { #expect(row.contains(name)) }
    }

    @Test(arguments: [alike, productIDs], [40, 48, 56, 64, 80])
    func cutNamesStayDistinct(names: [String], width: Int) {
        let rows = Self.rowTexts(names, width: width)
        #expect(rows.count == names.count)
        let shownNames = rows.map { row in
            String(row.dropFirst(2).prefix { $0 != "$" }).trimmingCharacters(in: .whitespaces)
        }
        #expect(Set(shownNames).count == names.count, "\(shownNames)")
    }

    @Test func aCutNameKeepsTheWordThatTellsItApart() {
        let cut = TextLayout.truncateDistinct(Self.alike, width: 22)
        #expect(cut == ["Purchase Test…Monthly", "Purchase Test S…Yearly", "Purchase Test S…Weekly"])
    }

    @Test func namesThatFitOrDifferEarlyAreCutAtTheEndAsBefore() {
        #expect(
            TextLayout.truncateDistinct(["Pro Annual", "Pro Monthly"], width: 20) == ["Pro Annual", "Pro Monthly"])
        #expect(
            TextLayout.truncateDistinct(["Annual plan with extras", "Monthly plan with extras"], width: 12)
                == ["Annual plan…", "Monthly pla…"])
        // One name the start of the other: the longer keeps what it adds.
        #expect(
            TextLayout.truncateDistinct(["Annual Subscription (2-week free trial)", "Annual Subscription"], width: 12)
                == ["Ann…(2-week…", "Ann…Subscri…"])
        // The same name twice cannot be told apart and is cut as usual.
        #expect(
            TextLayout.truncateDistinct(["Same long name", "Same long name"], width: 8) == ["Same lo…", "Same lo…"])
    }

    /// Property: for random names that share long starts, every cut fits its width and names
    /// that differ within the first `width - 4` columns of their distinguishing word stay apart.
    @Test func randomAlikeNamesStayDistinctAndFit() {
        var generator = SeededGenerator(seed: 20)
        let words = ["Purchase", "Test", "Subscription", "com.example", "pro", "annual_", "monthly", "Plan", "1", "2"]
        for _ in 0..<2_000 {
            let shared = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }.joined(separator: " ")
            var names = Array(
                Set(
                    (0..<Int.random(in: 2...5, using: &generator)).map { _ in
                        shared + " "
                            + String(
                                (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                                    "abcdefgh".randomElement(using: &generator)!
                                })
                    }))
            // Now and then one name is the others' shared start alone ("Annual Subscription"
            // beside "Annual Subscription (2-week free trial)").
            if Bool.random(using: &generator) { names.append(shared) }
            let width = Int.random(in: 12...40, using: &generator)
            let cut = TextLayout.truncateDistinct(names, width: width)
            #expect(cut.allSatisfy { DisplayWidth.of($0) <= width }, "\(names) \(width) \(cut)")
            #expect(Set(cut).count == names.count, "\(names) at \(width): \(cut)")
        }
    }

    @Test func theBareStoreKitButtonNamesThePlan() throws {
        let configuration = try #require(
            StoreKitImporter.configuration(
                from: Array(try CatalogFixtures.storeKitText(StoreKitImporterTests.revenueCat).utf8),
                log: DiagnosticLog(file: "f"), language: LanguagePreference(tags: [])))
        let product = try #require(configuration.products.first { $0.type == .autoRenewable })
        let offering = Offering(
            id: "o", packages: [Package(identifier: "p", product: product)], copy: PaywallCopy.standard)
        let catalog = Catalog(
            offerings: [offering], currentOfferingID: "o", products: [product.id: product],
            entitlements: [Entitlement(id: "e", displayName: "E", productIDs: [product.id])])
        let presentation = PaywallPresentation.make(
            offering: offering, catalog: catalog, formatter: PriceFormatter(locale: Locale(identifier: "en_US")),
            selectedIndex: 0, ownedProductIDs: [], introEligibleProductIDs: [], statusLines: [], progress: nil)
        #expect(presentation.callToAction.contains(product.localizedTitle))
    }
}

extension PaywallNameFittingTests {
    /// The key line keeps buying as long as it can: first the spaces around its dots go, then
    /// "↑↓ choose", then the other parts' keys (their words stay clickable), and "⏎ buy" last.
    @Test func theKeyLineGivesUpBuyingLast() {
        let view = PaywallView(presentation: Self.presentation(names: ["Pro"]), theme: Theme(colorMode: .indexed256))
        #expect(view.actionsLine(width: 80).text == "↑↓ choose · ⏎ buy · r restore · n not now")
        #expect(view.actionsLine(width: 38).text == "↑↓ choose·⏎ buy·r restore·n not now")
        #expect(view.actionsLine(width: 30).text == "⏎ buy · r restore · n not now")
        #expect(view.actionsLine(width: 25).text == "⏎ buy·r restore·n not now")
        #expect(view.actionsLine(width: 24).text == "⏎ buy·Restore·Not now")
        #expect(view.actionsLine(width: 20).text == "Restore · Not now")
    }
}
