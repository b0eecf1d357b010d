import Foundation
import Testing

@testable import OnboardKit

/// A subscription group of three levels in two durations (and a second monthly plan at the
/// middle level, for a crossgrade of the same duration), a lifetime unlock, offers of every
/// kind and a 16-day grace period; and a ledger that the store's steps are recorded into.
enum LifecycleFixtures {
    typealias F = StoreFixtures

    static func plan(
        _ id: String, level: Int, months: Int, price: Decimal, intro: IntroductoryOffer? = nil,
        offers: [SubscriptionOffer] = []
    ) -> Product {
        Product(
            id: id, type: .autoRenewable, price: price, currencyCode: "USD",
            subscriptionPeriod: months == 12
                ? SubscriptionPeriod(value: 1, unit: .year)
                : SubscriptionPeriod(value: months, unit: .month),
            subscriptionGroup: "tiers", subscriptionGroupLevel: level, introductoryOffer: intro, localizedTitle: id,
            offers: offers)
    }

    static let save50 = SubscriptionOffer(
        kind: .promotional, id: "SAVE50", productID: "silver.monthly",
        terms: IntroductoryOffer(
            paymentMode: .payAsYouGo, period: .init(value: 1, unit: .month), periodCount: 3,
            price: 3.49),
        eligibility: [.existing, .expired])
    static let comeback = SubscriptionOffer(
        kind: .winBack, id: "COMEBACK", productID: "silver.monthly",
        terms: IntroductoryOffer(paymentMode: .freeTrial, period: .init(value: 1, unit: .month)),
        eligibility: [.expired], winBack: WinBackCondition(minimumMonthsSinceLapse: 1))
    static let welcome = SubscriptionOffer(
        kind: .code, id: "WELCOME3", productID: "silver.monthly",
        terms: IntroductoryOffer(paymentMode: .freeTrial, period: .init(value: 3, unit: .month)), eligibility: [.new])
    static let loyal = SubscriptionOffer(
        kind: .code, id: "LOYAL", productID: "silver.monthly",
        terms: IntroductoryOffer(
            paymentMode: .payAsYouGo, period: .init(value: 1, unit: .month), periodCount: 2,
            price: 1.99),
        eligibility: [.existing])

    static let plans: [Product] = [
        plan("gold.monthly", level: 1, months: 1, price: 9.99),
        plan("gold.annual", level: 1, months: 12, price: 99.99),
        plan(
            "silver.monthly", level: 2, months: 1, price: 6.99,
            intro: IntroductoryOffer(paymentMode: .freeTrial, period: .init(value: 1, unit: .week)),
            offers: [save50, comeback]),
        plan("silver.annual", level: 2, months: 12, price: 69.99),
        plan("bronze.monthly", level: 3, months: 1, price: 2.99),
        plan("bronze.annual", level: 3, months: 12, price: 29.99),
    ]
    static let silverAlternative = plan("silver.monthly.plus", level: 2, months: 1, price: 7.49)
    static let lifetime = Product(
        id: "gold.lifetime", type: .nonConsumable, price: 199, currencyCode: "USD", localizedTitle: "Gold Lifetime")

    static func catalog(grace: SubscriptionPeriod? = SubscriptionPeriod(value: 16, unit: .day)) -> Catalog {
        let products = plans + [silverAlternative, lifetime]
        return Catalog(
            offerings: [
                Offering(
                    id: "default", packages: products.map { Package(identifier: $0.id, product: $0) },
                    copy: PaywallCopy(title: "Tiers"))
            ],
            currentOfferingID: "default",
            products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
            entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: products.map(\.id))],
            offerCodes: [welcome, loyal], store: StoreSettings(gracePeriod: grace))
    }

    /// A customer's ledger and the store acting on it, one step at a time.
    struct Customer {
        var catalog = LifecycleFixtures.catalog()
        var ledger = Ledger()
        var now = F.date(2026, 1, 10)
        private var counter = 0

        init(grace: SubscriptionPeriod? = SubscriptionPeriod(value: 16, unit: .day)) {
            catalog = LifecycleFixtures.catalog(grace: grace)
        }

        var context: StoreContext { StoreContext(catalog: catalog, ledger: ledger, now: now, calendar: F.calendar) }
        var lifecycle: StoreLifecycle { StoreLifecycle(catalog: catalog, calendar: F.calendar) }

        /// Plans `action` now and records it through the gate, as the shell does.
        @discardableResult
        mutating func act(_ action: LifecycleAction) -> Result<LifecycleStep, LifecycleRefusal> {
            counter += 1
            let result = lifecycle.plan(action, in: context, transactionID: "T\(counter)")
            if case .success(let step) = result {
                let gate = PurchaseGate(catalog: catalog, calendar: F.calendar)
                if let refusal = gate.refusal(of: step.transaction, in: ledger) {
                    return .failure(LifecycleRefusal(.notAllowed, refusal.message))
                }
                ledger.append(step.transaction)
            }
            return result
        }

        /// Acts and insists it worked; the step's transaction.
        @discardableResult
        mutating func must(_ action: LifecycleAction, sourceLocation: Testing.SourceLocation = #_sourceLocation)
            -> LedgerTransaction?
        {
            switch act(action) {
            case .success(let step): return step.transaction
            case .failure(let refusal):
                Issue.record("\(action) was refused: \(refusal.message)", sourceLocation: sourceLocation)
                return nil
            }
        }

        @discardableResult
        mutating func buy(
            _ productID: String, offer: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
        )
            -> LedgerTransaction?
        {
            must(.buy(productID: productID, offerID: offer), sourceLocation: sourceLocation)
        }

        var pro: EntitlementStatus {
            EntitlementResolver.status(of: catalog.entitlement(id: "pro")!, in: context)
        }

        func refusal(_ action: LifecycleAction) -> LifecycleRefusal? {
            if case .failure(let refusal) = lifecycle.plan(action, in: context, transactionID: "X") { return refusal }
            return nil
        }

        var rows: [TransactionListing.Row] {
            TransactionListing(catalog: catalog, calendar: F.calendar).rows(of: ledger, at: now)
        }
    }
}
