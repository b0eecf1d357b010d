import Foundation
import Testing

@testable import OnboardKit

@Suite struct LedgerTests {
    static func day(_ number: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(number) * 86_400) }

    /// A monthly subscription bought with a trial, renewed once, then auto-renew turned off;
    /// a lifetime purchase later refunded; an ask-to-buy approved and another still pending.
    static let history = Ledger([
        LedgerTransaction(
            id: "m1", productID: "monthly", purchaseDate: day(0), expiresDate: day(7), offer: .freeTrial,
            willRenew: true),
        LedgerTransaction(id: "life", productID: "lifetime", purchaseDate: day(1)),
        LedgerTransaction(
            id: "m2", originalID: "m1", productID: "monthly", purchaseDate: day(7), expiresDate: day(37),
            willRenew: true),
        LedgerTransaction(id: "ask1", productID: "yearly", purchaseDate: day(8), state: .pending),
        LedgerTransaction(id: "ask2", productID: "stickers", purchaseDate: day(9), state: .pending),
        LedgerTransaction(
            id: "m-cancel", originalID: "m1", productID: "monthly", purchaseDate: day(10), state: .renewalCancelled),
        LedgerTransaction(
            id: "ask1-ok", originalID: "ask1", productID: "yearly", purchaseDate: day(11), expiresDate: day(376),
            state: .approved,
            willRenew: true, appliesTo: "ask1"),
        LedgerTransaction(
            id: "life-refund", originalID: "life", productID: "lifetime", purchaseDate: day(12), state: .refunded,
            appliesTo: "life"),
    ])

    @Test func renewalsShareTheOriginalAndTheLatestIsTheLastRecorded() {
        #expect(Self.history.history(forOriginal: "m1").map(\.id) == ["m1", "m2", "m-cancel"])
        #expect(Self.history.latestTransaction(forOriginal: "m1")?.id == "m-cancel")
        #expect(Self.history.latestGrant(forOriginal: "m1")?.id == "m2")
        #expect(Self.history.latestTransaction(forOriginal: "nothing") == nil)
    }

    @Test func transactionsForAProductKeepRecordingOrder() {
        #expect(Self.history.transactions(for: "monthly").map(\.id) == ["m1", "m2", "m-cancel"])
        #expect(Self.history.transactions(for: "yearly").map(\.id) == ["ask1", "ask1-ok"])
        #expect(Self.history.originalIDs(for: "monthly") == ["m1"])
        #expect(Self.history.transactions(for: "unknown").isEmpty)
    }

    @Test func pendingRequestsAreThoseNotYetApprovedOrDeclined() {
        #expect(Self.history.pendingTransactions.map(\.id) == ["ask2"])
        var ledger = Self.history
        ledger.append(
            LedgerTransaction(
                id: "ask2-no", originalID: "ask2", productID: "stickers", purchaseDate: Self.day(13), state: .declined,
                appliesTo: "ask2"))
        #expect(ledger.pendingTransactions.isEmpty)
        #expect(ledger.latestGrant(forOriginal: "ask2") == nil)
        #expect(ledger.latestGrant(forOriginal: "ask1")?.id == "ask1-ok")
    }

    @Test func refundWithdrawsTheTransactionItNames() {
        #expect(Self.history.isWithdrawn("life"))
        #expect(!Self.history.isWithdrawn("m2"))
        #expect(Self.history.latestGrant(forOriginal: "life") == nil)
    }

    @Test func cancellingAutoRenewLastsUntilTheNextGrant() {
        #expect(!Self.history.willRenew(forOriginal: "m1"))
        #expect(Self.history.willRenew(forOriginal: "ask1"))
        var resubscribed = Self.history
        resubscribed.append(
            LedgerTransaction(
                id: "m3", originalID: "m1", productID: "monthly", purchaseDate: Self.day(40), expiresDate: Self.day(70),
                willRenew: true))
        #expect(resubscribed.willRenew(forOriginal: "m1"))
        #expect(!Self.history.willRenew(forOriginal: "life"))
    }

    @Test func firstPurchaseIsItsOwnOriginalAndUnknownOffersSurviveCoding() throws {
        let transaction = LedgerTransaction(
            id: "x", productID: "p", purchaseDate: Self.day(0), offer: LedgerOffer(rawValue: "winBack"))
        #expect(transaction.originalID == "x")
        let decoded = try JSONDecoder().decode(LedgerTransaction.self, from: JSONEncoder().encode(transaction))
        #expect(decoded == transaction)
        #expect(String(decoding: try JSONEncoder().encode(LedgerOffer.payAsYouGo), as: UTF8.self) == "\"payAsYouGo\"")
    }
}
