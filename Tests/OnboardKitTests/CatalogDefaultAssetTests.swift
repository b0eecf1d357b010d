import Foundation
import Testing

@testable import OnboardKit

@Suite struct CatalogDefaultAssetTests {
    func load() throws -> (Catalog, CatalogLoadResult) {
        let result = CatalogDecoder.load(
            path: CatalogFixtures.defaultCatalogPath, fileReader: CatalogFixtures.diskReader)
        return (try #require(result.catalog, "\(result.diagnostics)"), result)
    }

    @Test func decodesWithoutErrorsOrWarnings() throws {
        let (_, result) = try load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
    }

    @Test func currentOfferingSellsAnnualMonthlyAndLifetime() throws {
        let (catalog, _) = try load()
        let offering = try #require(catalog.currentOffering)
        #expect(offering.id == "default")
        #expect(offering.packages.map(\.packageType) == [.annual, .monthly, .lifetime])
        #expect(offering.defaultPackage?.packageType == .annual)

        let annual = try #require(offering.package(ofType: .annual)?.product)
        #expect(annual.price == Decimal(string: "39.99"))
        #expect(annual.currencyCode == "USD")
        #expect(annual.subscriptionPeriod?.iso8601 == "P1Y")
        #expect(annual.introductoryOffer?.paymentMode == .freeTrial)
        #expect(annual.introductoryOffer?.totalDuration == SubscriptionPeriod(value: 1, unit: .week))
        let monthly = try #require(offering.package(ofType: .monthly)?.product)
        #expect(monthly.price == Decimal(string: "4.99"))
        #expect(monthly.subscriptionPeriod?.iso8601 == "P1M")
        let lifetime = try #require(offering.package(ofType: .lifetime)?.product)
        #expect(lifetime.type == .nonConsumable)
        #expect(lifetime.price == Decimal(string: "99.99"))
    }

    @Test func proEntitlementCoversEveryProPurchase() throws {
        let (catalog, _) = try load()
        let pro = try #require(catalog.entitlement(id: "pro"))
        #expect(pro.displayName == "tui-onboard Pro")
        let offering = try #require(catalog.currentOffering)
        for package in offering.packages {
            #expect(catalog.entitlements(grantedBy: package.product.id).map(\.id) == ["pro"])
        }
        let tip = try #require(catalog.offering(id: "tip_jar")?.packages.first?.product)
        #expect(tip.type == .consumable)
        #expect(catalog.entitlements(grantedBy: tip.id).isEmpty)
    }

    @Test func linksPointAtReservedExampleDomains() throws {
        let (catalog, _) = try load()
        for url in [catalog.links.privacyPolicy, catalog.links.termsOfUse] {
            let host = try #require(url?.host)
            #expect(host == "example.com" || host.hasSuffix(".example.com"))
            #expect(url?.scheme == "https")
        }
    }

    @Test func copyRendersForEachPackage() throws {
        let (catalog, _) = try load()
        let offering = try #require(catalog.currentOffering)
        let formatter = PriceFormatter(locale: Locale(identifier: "en_US"))
        let button = PaywallCopyTemplate(offering.copy.callToAction)
        let rendered = offering.packages.map { button.render(package: $0, offering: offering, formatter: formatter) }
        #expect(rendered == ["Continue for $39.99/yr", "Continue for $4.99/mo", "Continue for $99.99"])
        let annual = try #require(offering.package(ofType: .annual))
        let callToAction = offering.copy.callToAction(for: annual, introOfferEligible: true)
        #expect(
            PaywallCopyTemplate(callToAction).render(package: annual, offering: offering, formatter: formatter)
                == "Start your 1-week free trial, then $39.99/yr")
        #expect(PriceFormatter.relativeDiscount(of: annual, in: offering) == 33)
        #expect(offering.copy.features.count >= 3)
    }
}
