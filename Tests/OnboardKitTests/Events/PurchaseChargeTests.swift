import Foundation
import Testing

@testable import OnboardKit

/// What `purchaseFinished` says a purchase cost when it was made, for each way the store records
/// one: the regular price, a free trial, a discounted first period, an offer by id, an
/// ask-to-buy request and an offer scheduled for a renewal.
@Suite struct PurchaseChargeTests {
    static let week = SubscriptionPeriod(value: 1, unit: .week)
    static let month = SubscriptionPeriod(value: 1, unit: .month)
    static let comeback = SubscriptionOffer(
        kind: .winBack, id: "comeback", productID: "monthly",
        terms: IntroductoryOffer(
            paymentMode: .payAsYouGo, period: month, periodCount: 3, price: Decimal(string: "1.99")!),
        eligibility: [.expired])

    static func product(introductory: IntroductoryOffer?) -> Product {
        Product(
            id: "monthly", type: .autoRenewable, price: Decimal(string: "4.99")!, currencyCode: "EUR",
            subscriptionPeriod: month, subscriptionGroup: "pro", introductoryOffer: introductory,
            localizedTitle: "Monthly", offers: [comeback])
    }

    static func transaction(offer: LedgerOffer?, offerID: String? = nil, state: LedgerTransaction.State = .purchased)
        -> LedgerTransaction
    {
        LedgerTransaction(
            id: "T1", productID: "monthly", purchaseDate: Date(timeIntervalSince1970: 0), offer: offer, state: state,
            offerID: offerID)
    }

    static let freeWeek = IntroductoryOffer(paymentMode: .freeTrial, period: week)
    static let cheapFirstMonth = IntroductoryOffer(
        paymentMode: .payUpFront, period: month, price: Decimal(string: "0.99")!)

    @Test(
        arguments: [
            (nil, transaction(offer: nil), "4.99", false),
            (freeWeek, transaction(offer: .freeTrial), "0", true),
            (freeWeek, transaction(offer: nil), "4.99", false),
            (cheapFirstMonth, transaction(offer: .payUpFront), "0.99", true),
            (freeWeek, transaction(offer: .payAsYouGo, offerID: "comeback"), "1.99", true),
            (nil, transaction(offer: nil, state: .pending), "0", false),
            (freeWeek, transaction(offer: .freeTrial, state: .pending), "0", true),
            (nil, transaction(offer: .payAsYouGo, offerID: "comeback", state: .offerScheduled), "0", false),
        ] as [(IntroductoryOffer?, LedgerTransaction, String, Bool)])
    func aPurchaseCostsWhatItsOfferOrProductAsksThen(
        introductory: IntroductoryOffer?, transaction: LedgerTransaction, price: String, startsOffer: Bool
    ) {
        let charge = PurchaseCharge(of: transaction, product: Self.product(introductory: introductory))
        #expect(charge.priceText == price)
        #expect(charge.currency == "EUR")
        #expect(charge.startsOffer == startsOffer)
    }

    @Test func theLineCarriesPriceCurrencyAndTrial() {
        let event = TourEvent.purchaseFinished(
            package: "$rc_monthly", product: "monthly", transaction: "T1", state: "purchased",
            charge: PurchaseCharge(price: Decimal(string: "12.50")!, currency: "JPY", startsOffer: false))
        let line = event.jsonLine(
            at: Date(timeIntervalSince1970: 0), in: TourEventContext(run: "00000000000000ab", mode: .tour))
        #expect(line.hasSuffix(#""state":"purchased","price":"12.5","currency":"JPY","trial":false}"# + "\n"))
    }
}
