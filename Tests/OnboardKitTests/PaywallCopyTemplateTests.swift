import Foundation
import Testing

@testable import OnboardKit

@Suite struct PaywallCopyTemplateTests {
    static let trial = IntroductoryOffer(paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))
    static let annual = Package(
        identifier: "$rc_annual",
        product: PriceFormatterTests.product("Pro Annual", price: "39.99", period: "P1Y", offer: trial))
    static let monthly = Package(
        identifier: "$rc_monthly", product: PriceFormatterTests.product("Pro Monthly", price: "4.99", period: "P1M"))
    static let lifetime = Package(
        identifier: "$rc_lifetime", product: PriceFormatterTests.product("Pro Lifetime", .nonConsumable, price: "99.99")
    )
    static let custom = Package(
        identifier: "season_pass",
        product: PriceFormatterTests.product("Season Pass", .nonRenewing, price: "9.99", period: "P3M"))
    static let offering = Offering(
        id: "default", packages: [annual, monthly, lifetime, custom], copy: PaywallCopy(title: "Pro"))
    static let formatter = PriceFormatter(locale: Locale(identifier: "en_US"))

    func render(_ text: String, _ package: Package) -> String {
        PaywallCopyTemplate(text).render(package: package, offering: Self.offering, formatter: Self.formatter)
    }

    @Test func fillsEachVariableForTheAnnualPackage() {
        let annual = Self.annual
        #expect(render("{{ product_name }}", annual) == "Pro Annual")
        #expect(render("{{ price }}", annual) == "$39.99")
        #expect(render("{{ price_per_period }}", annual) == "$39.99/yr")
        #expect(render("{{ price_per_period_full }}", annual) == "$39.99/year")
        #expect(render("{{ total_price_and_per_month }}", annual) == "$39.99/yr ($3.33/mo)")
        #expect(render("{{ per_month }}", annual) == "$3.33")
        #expect(render("{{ sub_price_per_month }}", annual) == "$3.33")
        #expect(render("{{ sub_price_per_week }}", annual) == "$0.76")
        #expect(render("{{ sub_period }}", annual) == "Annual")
        #expect(render("{{ sub_duration }}", annual) == "1 year")
        #expect(render("{{ sub_offer_duration }}", annual) == "1 week")
        #expect(render("{{ sub_offer_price }}", annual) == "$0.00")
        #expect(render("{{ sub_offer }}", annual) == "1-week free trial")
        // Per month 3.33 against the monthly 4.99: 1.66 / 4.99 = 33.3 % → 33.
        #expect(render("{{ sub_relative_discount }}", annual) == "33% off")
    }

    @Test func variablesThatDoNotApplyRenderEmptyOrFallBack() {
        #expect(render("[{{ sub_offer_duration }}][{{ sub_offer_price }}]", Self.monthly) == "[][]")
        #expect(render("[{{ sub_relative_discount }}]", Self.monthly) == "[]")
        #expect(render("{{ total_price_and_per_month }}", Self.monthly) == "$4.99/mo")
        #expect(render("{{ price_per_period }} / {{ per_month }}", Self.lifetime) == "$99.99 / $99.99")
        #expect(render("{{ sub_period }}", Self.lifetime) == "Lifetime")
        #expect(render("{{ sub_period }}", Self.custom) == "season_pass")
        #expect(render("{{ sub_duration }}", Self.custom) == "3 months")
    }

    @Test func sentencesMixTextAndVariables() {
        let text = "Start your {{ sub_offer_duration }} free trial, then {{ price_per_period }}."
        #expect(render(text, Self.annual) == "Start your 1 week free trial, then $39.99/yr.")
    }

    @Test func unknownVariablesStayAsWritten() {
        let text = "Only {{ prce }} for {{product_name}} {{ app_name }}"
        #expect(render(text, Self.annual) == "Only {{ prce }} for Pro Annual {{ app_name }}")
        #expect(PaywallCopyTemplate(text).unknownVariables == ["prce", "app_name"])
        #expect(PaywallCopyTemplate("{{ price }} {{ price }}").unknownVariables.isEmpty)
        #expect(PaywallCopyTemplate("{{ x }} {{ x }}").unknownVariables == ["x"])
    }

    @Test(arguments: [
        ("no variables", "no variables"),
        ("{{ price", "{{ price"),
        ("price }}", "price }}"),
        ("{{}}", "{{}}"),
        ("{{ two words }}", "{{ two words }}"),
        ("{{{ price }}}", "{$39.99}"),
        ("{{ a {{ price }}", "{{ a $39.99"),
        ("{{\tprice\t}}", "$39.99"),
        ("{{ prïce }}", "{{ prïce }}"),
    ])
    func oddBracesAreLiteral(text: String, expected: String) {
        #expect(render(text, Self.annual) == expected)
    }

    @Test func callToActionDependsOnOfferEligibility() {
        let copy = PaywallCopy(title: "t", callToAction: "Subscribe", callToActionWithIntroOffer: "Try free")
        #expect(copy.callToAction(for: Self.annual, introOfferEligible: true) == "Try free")
        #expect(copy.callToAction(for: Self.annual, introOfferEligible: false) == "Subscribe")
        #expect(copy.callToAction(for: Self.monthly, introOfferEligible: true) == "Subscribe")
    }

    @Test func standardCopyUsesOnlyKnownVariables() {
        let copy = PaywallCopy.standard
        for text in [copy.title, copy.subtitle, copy.callToAction, copy.callToActionWithIntroOffer ?? ""] {
            #expect(PaywallCopyTemplate(text).unknownVariables.isEmpty)
        }
        #expect(
            render(copy.callToActionWithIntroOffer ?? "", Self.annual) == "Start my 1-week free trial of Pro Annual")
    }
}
