import Foundation
import Testing

/// `tui-onboard store ACTION` through the real binary, on StoreFixture's catalog: what each action
/// records, what `status --json` and `has` say after it, and that every refusal writes nothing.
@Suite("store commands")
struct StoreCommandTests {
    @Test("buy grants at once in the sandbox, sells a subscription or a lifetime unlock once, and knows its products")
    func buyingGrantsAtOnceAndSellsOnce() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(try fixture.has(at: "2026-01-01") == 1)
        #expect(try fixture.store(["buy", "plus_monthly"], now: "2026-01-01") == "Subscribed to Plus Monthly.\n")
        #expect(try fixture.has(at: "2026-01-01") == 0)
        #expect(try fixture.has("premium", at: "2026-01-01") == 1, "Plus is not Premium")
        #expect(try fixture.has(at: "2025-12-31") == 1, "counted before it was bought")
        let pro = try fixture.entitlement(at: "2026-01-01")
        #expect(pro["state"] as? String == "active")
        #expect(pro["productID"] as? String == "plus_monthly")
        #expect(pro["expiresDate"] as? String == "2026-02-01T00:00:00Z")
        #expect(pro["willRenew"] as? Bool == true)
        #expect(pro["renewalPrice"] as? String == "5.99")
        // Under --now it all went to the sandbox ledger: the real one was never written.
        #expect(fixture.lines(of: fixture.sandboxLedger).count == 1)
        #expect(
            fixture.files().keys.sorted() == [
                "/sandbox/ledger.commit", "/sandbox/ledger.jsonl", "/sandbox/ledger.lock",
            ])
        #expect(!FileManager.default.fileExists(atPath: fixture.realLedger))
        #expect(try fixture.has(at: "2026-01-01", sandbox: false) == 1)

        try fixture.refuse(
            ["buy", "plus_monthly"], now: "2026-01-02",
            saying: "already subscribed to Plus Monthly; it renews on Feb 1, 2026")
        try fixture.refuse(
            ["buy", "plus_montly"], now: "2026-01-02", status: 2,
            saying: "no product \"plus_montly\" in the catalog; did you mean \"plus_monthly\"?")
        try fixture.refuse(
            ["buy", "plus_monthly", "--offer", "half_price"], now: "2026-01-02", status: 2,
            saying: "plus_monthly has no offer \"half_price\"; it has \"plus_half\", \"come_back\"")
        try fixture.refuse(["buy"], now: "2026-01-02", status: 2, saying: "store buy needs one PRODUCT", isUsage: true)
        try fixture.refuse(
            ["sell", "plus_monthly"], now: "2026-01-02", status: 2, saying: "store needs one of buy, transactions",
            isUsage: true)

        #expect(try fixture.store(["buy", "pro_lifetime"], now: "2026-01-03") == "Bought Pro Lifetime.\n")
        #expect(try fixture.has("premium", at: "2026-01-03") == 0)
        #expect(try fixture.entitlement("premium", at: "2026-01-03")["state"] as? String == "lifetime")
        try fixture.refuse(["buy", "pro_lifetime"], now: "2026-01-04", saying: "Pro Lifetime is bought already")
        #expect(fixture.lines(of: fixture.sandboxLedger).count == 2)
    }

    @Test("an upgrade replaces the plan at once, refunding the unused part; status shows the new product at once")
    func anUpgradeTakesEffectAtOnce() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "basic_monthly"], now: "2026-01-01")
        #expect(try fixture.has("premium", at: "2026-01-16") == 1)
        // 16 of January's 31 days unused: 16/31 of $2.99.
        #expect(
            try fixture.store(["buy", "premium_monthly"], now: "2026-01-16")
                == "Upgraded to Premium Monthly now; $1.54 of Basic Monthly was refunded.\n")
        let pro = try fixture.entitlement(at: "2026-01-16")
        #expect(pro["productID"] as? String == "premium_monthly")
        #expect(pro["expiresDate"] as? String == "2026-02-16T00:00:00Z", "a new period starts with the upgrade")
        #expect(pro["renewalPrice"] as? String == "9.99")
        #expect(try fixture.has("premium", at: "2026-01-16") == 0)

        let rows = try fixture.rows(at: "2026-01-16")
        try #require(rows.count == 2, "\(rows)")
        let (basic, upgrade) = (rows[0], rows[1])
        #expect(basic["kind"] as? String == "purchase")
        #expect(basic["replacedBy"] as? String == upgrade["id"] as? String)
        #expect(basic["expiresDate"] as? String == "2026-01-16T00:00:00Z", "the old period ends with the upgrade")
        #expect(upgrade["kind"] as? String == "upgrade")
        #expect(upgrade["productID"] as? String == "premium_monthly")
        #expect(upgrade["proratedRefund"] as? String == "1.54")
        #expect(upgrade["price"] as? String == "9.99")
        #expect(upgrade["originalID"] as? String == basic["id"] as? String, "one subscription, one original ID")
        #expect(upgrade["appliesTo"] as? String == basic["id"] as? String)
        #expect(pro["originalTransactionID"] as? String == basic["id"] as? String)
        // The old plan cannot be refunded any more: the upgrade replaced it.
        try fixture.refuse(
            ["refund", try #require(basic["id"] as? String)], now: "2026-01-17",
            saying: "was replaced by the plan change")
    }

    @Test("a downgrade and a crossgrade to another duration wait for the renewal; buying the plan again calls them off")
    func aDowngradeWaitsForTheRenewal() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "premium_monthly"], now: "2026-01-01")
        #expect(
            try fixture.store(["buy", "basic_monthly"], now: "2026-01-10")
                == "Premium Monthly changes to Basic Monthly on Feb 1, 2026 (downgrade).\n")
        let waiting = try fixture.entitlement(at: "2026-01-10")
        #expect(waiting["productID"] as? String == "premium_monthly", "a downgrade is not at once")
        #expect(waiting["pendingProductID"] as? String == "basic_monthly")
        #expect(waiting["pendingChangeDate"] as? String == "2026-02-01T00:00:00Z")
        #expect(waiting["renewalPrice"] as? String == "2.99")
        #expect(try fixture.has("premium", at: "2026-01-31") == 0)
        try fixture.refuse(
            ["buy", "basic_monthly"], now: "2026-01-11",
            saying: "Premium Monthly changes to Basic Monthly on Feb 1, 2026 already")

        let changed = try fixture.entitlement(at: "2026-02-02")
        #expect(changed["productID"] as? String == "basic_monthly")
        #expect(isNull(changed["pendingProductID"]) && isNull(changed["pendingChangeDate"]), "\(changed)")
        #expect(changed["expiresDate"] as? String == "2026-03-01T00:00:00Z")
        #expect(try fixture.has("premium", at: "2026-02-02") == 1)
        #expect(try fixture.has(at: "2026-02-02") == 0)
        let renewal = try #require(try fixture.rows(at: "2026-02-02").last)
        #expect(renewal["kind"] as? String == "renewal" && renewal["productID"] as? String == "basic_monthly")
        #expect(renewal["price"] as? String == "2.99")

        // The same level for another duration is a crossgrade at the renewal too.
        #expect(
            try fixture.store(["buy", "basic_annual"], now: "2026-02-10")
                == "Basic Monthly changes to Basic Annual on Mar 1, 2026 (crossgrade).\n")
        #expect(try fixture.entitlement(at: "2026-02-10")["pendingProductID"] as? String == "basic_annual")
        #expect(
            try fixture.store(["buy", "basic_monthly"], now: "2026-02-11")
                == "You stay on Basic Monthly; the change to Basic Annual is off.\n")
        let kept = try fixture.entitlement(at: "2026-03-02")
        #expect(kept["productID"] as? String == "basic_monthly")
        #expect(isNull(kept["pendingProductID"]))
    }

    @Test("cancel turns auto-renew off (unsubscribeDetectedAt), uncancel back on; each only once")
    func cancelAndUncancel() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "plus_monthly"], now: "2026-01-01")
        #expect(
            try fixture.store(["cancel", "plus_monthly"], now: "2026-01-05")
                == "Auto-renew of Plus Monthly is off; access lasts until Feb 1, 2026.\n")
        let cancelled = try fixture.entitlement(at: "2026-01-05")
        #expect(cancelled["unsubscribeDetectedAt"] as? String == "2026-01-05T00:00:00Z")
        #expect(cancelled["willRenew"] as? Bool == false)
        #expect(cancelled["active"] as? Bool == true, "access lasts to the end of the period")
        #expect(isNull(cancelled["renewalPrice"]))
        try fixture.refuse(
            ["cancel", "plus_monthly"], now: "2026-01-06",
            saying: "auto-renew of Plus Monthly is off already; it ends on Feb 1, 2026")

        // Any plan of the group names the subscription.
        #expect(try fixture.store(["uncancel", "premium_annual"], now: "2026-01-07") == "Plus Monthly renews again.\n")
        let resumed = try fixture.entitlement(at: "2026-01-07")
        #expect(isNull(resumed["unsubscribeDetectedAt"]), "\(resumed)")
        #expect(resumed["willRenew"] as? Bool == true)
        try fixture.refuse(
            ["uncancel", "plus_monthly"], now: "2026-01-08", saying: "Plus Monthly renews already")
        try fixture.refuse(
            ["cancel", "pro_lifetime"], now: "2026-01-08", saying: "pro_lifetime is not an auto-renewable subscription")

        try fixture.store(["cancel", "plus_monthly"], now: "2026-01-20")
        let ended = try fixture.entitlement(at: "2026-02-01")
        #expect(ended["state"] as? String == "expired" && ended["expiresDate"] as? String == "2026-02-01T00:00:00Z")
        #expect(try fixture.has(at: "2026-02-01") == 1)
        try fixture.refuse(
            ["uncancel", "plus_monthly"], now: "2026-02-02",
            saying: "no current subscription in the group of Plus Monthly")
    }

    @Test("a renewal that store transactions derived is refunded by its id; a second refund is refused")
    func refundingADerivedRenewal() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "plus_monthly"], now: "2026-01-01")
        let rows = try fixture.rows(at: "2026-03-15")
        try #require(rows.count == 3, "\(rows)")
        let purchaseID = try #require(rows[0]["id"] as? String)
        #expect(rows.map { $0["kind"] as? String } == ["purchase", "renewal", "renewal"])
        #expect(rows.map { $0["id"] as? String } == [purchaseID, "\(purchaseID).1", "\(purchaseID).2"])
        #expect(
            rows.map { $0["date"] as? String } == ["2026-01-01", "2026-02-01", "2026-03-01"].map { "\($0)T00:00:00Z" })
        // Renewals are derived, never stored.
        #expect(fixture.lines(of: fixture.sandboxLedger).count == 1)

        let renewal = "\(purchaseID).2"
        #expect(
            try fixture.store(["refund", renewal, "--reason", "bought by mistake"], now: "2026-03-15")
                == "Refunded \(renewal) (Plus Monthly): access through it ended now.\n")
        let pro = try fixture.entitlement(at: "2026-03-15")
        #expect(pro["state"] as? String == "refunded")
        #expect(pro["refundedAt"] as? String == "2026-03-15T00:00:00Z")
        #expect(pro["active"] as? Bool == false && pro["willRenew"] as? Bool == false)
        #expect(try fixture.has(at: "2026-03-15") == 1)
        #expect(try fixture.has(at: "2026-03-14") == 0, "the refund counted before it happened")

        let after = try fixture.rows(at: "2026-03-15")
        let refunded = try #require(after.first { $0["id"] as? String == renewal })
        #expect(refunded["refundedAt"] as? String == "2026-03-15T00:00:00Z")
        #expect(refunded["revoked"] as? Bool == false)
        #expect(refunded["reason"] as? String == "bought by mistake")
        let refund = try #require(after.last)
        #expect(refund["kind"] as? String == "refund" && refund["appliesTo"] as? String == renewal)
        #expect(isNull(refund["price"]) && isNull(refund["revoked"]), "\(refund)")

        try fixture.refuse(
            ["refund", renewal], now: "2026-03-16", saying: "\(renewal) was refunded on Mar 15, 2026 already")
        try fixture.refuse(
            ["refund", try #require(refund["id"] as? String)], now: "2026-03-16",
            saying: "is a refund, not a payment")
        try fixture.refuse(
            ["refund", "\(purchaseID).9"], now: "2026-03-16", status: 2,
            saying: "no transaction \"\(purchaseID).9\": `store transactions` lists them")
    }

    @Test("--revoke withdraws a lifetime unlock without a refund: revoked, with the date and the reason")
    func revokingALifetimeUnlock() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "pro_lifetime"], now: "2026-01-01")
        let id = try #require(try fixture.rows(at: "2026-01-01").first?["id"] as? String)
        #expect(
            try fixture.store(["refund", id, "--revoke", "--reason", "family sharing ended"], now: "2026-01-05")
                == "Revoked \(id) (Pro Lifetime): access through it ended now.\n")
        let premium = try fixture.entitlement("premium", at: "2026-01-05")
        #expect(premium["state"] as? String == "revoked")
        #expect(premium["refundedAt"] as? String == "2026-01-05T00:00:00Z")
        #expect(try fixture.has("premium", at: "2026-01-05") == 1)
        let rows = try fixture.rows(at: "2026-01-05")
        #expect(rows.first?["revoked"] as? Bool == true && rows.first?["reason"] as? String == "family sharing ended")
        #expect(rows.last?["kind"] as? String == "revocation")
        try fixture.refuse(["refund", id], now: "2026-01-06", saying: "\(id) was revoked on Jan 5, 2026 already")
    }

    @Test("billing-issue: access in the grace period, none in billing retry, back with resolve")
    func aFailedRenewalGoesThroughGraceAndRetry() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "plus_monthly"], now: "2026-01-01")
        #expect(
            try fixture.store(["billing-issue", "plus_monthly"], now: "2026-01-10")
                == "The renewal of Plus Monthly on Feb 1, 2026 will fail: a grace period of 16 days, "
                + "then billing retry for up to 60 days.\n")
        try fixture.refuse(
            ["billing-issue", "plus_monthly"], now: "2026-01-11",
            saying: "the payment for Plus Monthly is failing already")
        // Nothing shows before the renewal that fails.
        let before = try fixture.entitlement(at: "2026-01-31")
        #expect(before["state"] as? String == "active" && isNull(before["billingIssueDetectedAt"]), "\(before)")

        let grace = try fixture.entitlement(at: "2026-02-05")
        #expect(grace["state"] as? String == "in-grace-period")
        #expect(grace["active"] as? Bool == true)
        #expect(grace["billingIssueDetectedAt"] as? String == "2026-02-01T00:00:00Z")
        #expect(grace["gracePeriodExpiresDate"] as? String == "2026-02-17T00:00:00Z")
        #expect(grace["expiresDate"] as? String == "2026-02-17T00:00:00Z")
        #expect(try fixture.has(at: "2026-02-05") == 0)

        let retry = try fixture.entitlement(at: "2026-02-20")
        #expect(retry["state"] as? String == "in-billing-retry")
        #expect(retry["active"] as? Bool == false)
        #expect(retry["willRenew"] as? Bool == true, "the store still retries: docs/status-json.md")
        #expect(retry["billingIssueDetectedAt"] as? String == "2026-02-01T00:00:00Z")
        #expect(try fixture.has(at: "2026-02-20") == 1)
        try fixture.refuse(
            ["buy", "premium_monthly"], now: "2026-02-20", saying: "the payment for Plus Monthly is failing")

        #expect(
            try fixture.store(["resolve", "plus_monthly"], now: "2026-02-20")
                == "The payment went through: Plus Monthly renews from now.\n")
        let resolved = try fixture.entitlement(at: "2026-02-20")
        #expect(resolved["state"] as? String == "active")
        #expect(resolved["expiresDate"] as? String == "2026-03-20T00:00:00Z", "a new period from the payment")
        #expect(isNull(resolved["billingIssueDetectedAt"]) && isNull(resolved["gracePeriodExpiresDate"]))
        #expect(try fixture.has(at: "2026-02-20") == 0)
        try fixture.refuse(
            ["resolve", "plus_monthly"], now: "2026-02-21", saying: "the payment for Plus Monthly is not failing")
    }

    @Test("price-increase: notified, or with --consent waiting for --agree or --decline")
    func priceIncreases() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "plus_monthly"], now: "2026-01-01")
        #expect(
            try fixture.store(["price-increase", "plus_monthly", "6.99"], now: "2026-01-05")
                == "Plus Monthly renews at $6.99 from Feb 1, 2026.\n")
        let notified = try fixture.entitlement(at: "2026-01-05")
        #expect(notified["priceIncrease"] as? [String: String] == ["newPrice": "6.99", "status": "notified"])
        #expect(notified["renewalPrice"] as? String == "6.99")
        #expect(notified["willRenew"] as? Bool == true, "without consent it renews at the new price")
        let renewal = try #require(try fixture.rows(at: "2026-02-01").last)
        #expect(renewal["kind"] as? String == "renewal" && renewal["price"] as? String == "6.99")

        try fixture.refuse(
            ["price-increase", "plus_monthly", "6.99"], now: "2026-02-05",
            saying: "$6.99 is not an increase: Plus Monthly renews at $6.99")
        try fixture.refuse(
            ["price-increase", "plus_monthly", "7.999"], now: "2026-02-05",
            saying: "7.999 has more decimals than USD has")
        try fixture.refuse(
            ["price-increase", "basic_monthly", "7.99"], now: "2026-02-05",
            saying: "the customer is on Plus Monthly, not Basic Monthly")
        try fixture.refuse(
            ["price-increase", "plus_monthly", "--agree"], now: "2026-02-05",
            saying: "no price increase of Plus Monthly waits for an answer")
        try fixture.refuse(
            ["price-increase", "plus_monthly", "7.99", "--agree"], now: "2026-02-05", status: 2,
            saying: "takes a PRICE (and --consent) or --agree or --decline, not both", isUsage: true)
        try fixture.refuse(
            ["price-increase", "plus_monthly", "7,99"], now: "2026-02-05", status: 2,
            saying: "\"7,99\" is not a price such as 5.99", isUsage: true)
        try fixture.refuse(
            ["price-increase", "plus_monthly", "99999999999999999999"], now: "2026-02-05", status: 2,
            saying: "is not a price such as 5.99 (up to 999999999)", isUsage: true)

        #expect(
            try fixture.store(["price-increase", "plus_monthly", "7.99", "--consent"], now: "2026-02-05")
                == "Plus Monthly renews at $7.99 from Mar 1, 2026 if the customer agrees; otherwise it ends then.\n")
        let waiting = try fixture.entitlement(at: "2026-02-05")
        #expect(waiting["priceIncrease"] as? [String: String] == ["newPrice": "7.99", "status": "awaiting-consent"])
        #expect(waiting["willRenew"] as? Bool == false, "unanswered, it ends with the period")
        #expect(
            try fixture.store(["price-increase", "plus_monthly", "--agree"], now: "2026-02-06")
                == "Agreed: Plus Monthly renews at $7.99.\n")
        let agreed = try fixture.entitlement(at: "2026-02-06")
        #expect(agreed["priceIncrease"] as? [String: String] == ["newPrice": "7.99", "status": "agreed"])
        #expect(agreed["willRenew"] as? Bool == true && agreed["renewalPrice"] as? String == "7.99")
        try fixture.refuse(
            ["price-increase", "plus_monthly", "--decline"], now: "2026-02-07",
            saying: "no price increase of Plus Monthly waits for an answer")

        try fixture.store(["price-increase", "plus_monthly", "8.99", "--consent"], now: "2026-03-03")
        #expect(
            try fixture.store(["price-increase", "plus_monthly", "--decline"], now: "2026-03-04")
                == "Declined: Plus Monthly ends on Apr 1, 2026.\n")
        let declined = try fixture.entitlement(at: "2026-03-04")
        #expect(declined["priceIncrease"] as? [String: String] == ["newPrice": "8.99", "status": "declined"])
        #expect(declined["unsubscribeDetectedAt"] as? String == "2026-03-04T00:00:00Z")
        #expect(declined["willRenew"] as? Bool == false)
        #expect(try fixture.entitlement(at: "2026-04-01")["state"] as? String == "expired")
    }

    @Test("redeem: a code for new customers works once, in any case; an unknown code is a usage error")
    func redeemingOfferCodes() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.refuse(
            ["redeem", "LOYAL-YEAR"], now: "2026-01-01",
            saying:
                "the code LOYAL-YEAR is for current subscribers and lapsed subscribers only; this customer never subscribed"
        )
        try fixture.refuse(
            ["redeem", "WELCOME4"], now: "2026-01-01", status: 2,
            saying: "no offer code \"WELCOME4\": check the spelling (codes ignore case)")
        #expect(
            try fixture.store(["redeem", "welcome3"], now: "2026-01-01")
                == "Subscribed to Basic Monthly with the offer WELCOME3.\n")
        let pro = try fixture.entitlement(at: "2026-01-01")
        #expect(pro["productID"] as? String == "basic_monthly")
        #expect(pro["periodType"] as? String == "intro")
        #expect(pro["expiresDate"] as? String == "2026-04-01T00:00:00Z", "three months at the offer's price")
        #expect(pro["renewalPrice"] as? String == "2.99")
        let row = try #require(try fixture.rows(at: "2026-01-01").first)
        #expect(row["offerKind"] as? String == "code" && row["offerID"] as? String == "WELCOME3")
        #expect(row["offer"] as? String == "payAsYouGo" && row["price"] as? String == "0.99")

        try fixture.refuse(
            ["redeem", "WELCOME3"], now: "2026-01-02", saying: "the code WELCOME3 was already redeemed on Jan 1, 2026")
        try fixture.refuse(["redeem", "Welcome3"], now: "2026-01-02", saying: "the code WELCOME3 was already redeemed")
    }

    @Test("a promotional offer applies from a subscriber's next renewal; a lapsed one gets the win-back offer")
    func promotionalAndWinBackOffers() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.refuse(
            ["buy", "plus_monthly", "--offer", "plus_half"], now: "2026-01-01",
            saying: "the offer plus_half is for current subscribers and lapsed subscribers only")
        try fixture.store(["buy", "plus_monthly"], now: "2026-01-01")
        #expect(
            try fixture.store(["buy", "plus_monthly", "--offer", "plus_half"], now: "2026-01-10")
                == "The offer plus_half applies from the next renewal of Plus Monthly on Feb 1, 2026.\n")
        let offered = try #require(try fixture.rows(at: "2026-02-01").last)
        #expect(offered["kind"] as? String == "renewal")
        #expect(offered["offerKind"] as? String == "promotional" && offered["offerID"] as? String == "plus_half")
        #expect(offered["price"] as? String == "2.99")
        #expect(offered["expiresDate"] as? String == "2026-05-01T00:00:00Z")

        try fixture.store(["cancel", "plus_monthly"], now: "2026-02-02")
        // Lapsed on 1 May; the win-back offer wants a month since.
        try fixture.refuse(
            ["buy", "plus_monthly", "--offer", "come_back"], now: "2026-05-15",
            saying: "the win-back offer come_back is not open to this customer yet")
        #expect(
            try fixture.store(["buy", "plus_monthly"], now: "2026-06-02")
                == "Subscribed to Plus Monthly with the offer come_back.\n")
        let back = try fixture.entitlement(at: "2026-06-02")
        #expect(back["periodType"] as? String == "trial")
        let row = try #require(try fixture.rows(at: "2026-06-02").last)
        #expect(row["offerKind"] as? String == "winBack" && row["price"] as? String == "0")
    }

    @Test("store transactions --json: its version, and every key on every row, null when it does not apply")
    func transactionsJSONHasEveryKeyOnEveryRow() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try Self.everyKindOfRow(fixture)
        let document = try fixture.transactions(at: "2026-04-01")
        #expect(Set(document.keys) == ["version", "now", "ledger", "transactions"])
        #expect(document["version"] as? Int == 1)
        #expect(document["ledger"] as? String == "sandbox")
        #expect(document["now"] as? String == "2026-04-01T00:00:00Z")
        let rows = try #require(document["transactions"] as? [[String: Any]])
        for row in rows {
            #expect(Set(row.keys) == StoreFixture.rowKeys, "\(row)")
        }
        #expect(
            Set(rows.compactMap { $0["kind"] as? String }) == [
                "purchase", "upgrade", "renewal", "cancellation", "resumption", "plan-change-scheduled",
                "plan-change-cancelled", "price-increase", "billing-issue", "billing-resolved", "offer-scheduled",
                "refund",
            ])
        // Oldest first.
        let dates = rows.compactMap { $0["date"] as? String }
        #expect(dates.count == rows.count && dates == dates.sorted())
        // Null, not missing, where a key does not apply: a payment has no appliesTo or newPrice,
        // an event no price or expiry.
        let purchase = try #require(rows.first)
        #expect(isNull(purchase["appliesTo"]) && isNull(purchase["newPrice"]) && isNull(purchase["refundedAt"]))
        let cancellation = try #require(rows.first { $0["kind"] as? String == "cancellation" })
        #expect(
            isNull(cancellation["price"]) && isNull(cancellation["expiresDate"]) && isNull(cancellation["currency"]))
        let increase = try #require(rows.first { $0["kind"] as? String == "price-increase" })
        #expect(increase["newPrice"] as? String == "6.49" && increase["requiresConsent"] as? Bool == false)
    }

    /// Records one of nearly every kind of row (the lifetime unlock at the end, 31 March), so the
    /// listing at 1 April has them all.
    static func everyKindOfRow(_ fixture: StoreFixture) throws {
        for (action, now) in [
            (["buy", "basic_monthly"], "2026-01-01"), (["buy", "plus_monthly"], "2026-01-16"),
            (["cancel", "plus_monthly"], "2026-01-20"), (["uncancel", "plus_monthly"], "2026-01-21"),
            (["buy", "basic_annual"], "2026-01-22"), (["buy", "plus_monthly"], "2026-01-23"),
            (["price-increase", "plus_monthly", "6.49"], "2026-01-24"),
            (["billing-issue", "plus_monthly"], "2026-01-25"),
            (["resolve", "plus_monthly"], "2026-02-20"),
            (["buy", "plus_monthly", "--offer", "plus_half"], "2026-03-01"),
        ] {
            try fixture.store(action, now: now)
        }
        let renewal = try #require(try fixture.rows(at: "2026-03-20").first { $0["kind"] as? String == "renewal" })
        try fixture.store(["refund", try #require(renewal["id"] as? String)], now: "2026-03-20")
        try fixture.store(["buy", "pro_lifetime"], now: "2026-03-31")
    }

    @Test("without --now the real ledger is written and has (without --sandbox) agrees; the sandbox stays empty")
    func theRealClockWritesTheRealLedger() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        #expect(try fixture.has(at: nil, sandbox: false) == 1)
        #expect(try fixture.store(["buy", "plus_monthly"], now: nil) == "Subscribed to Plus Monthly.\n")
        #expect(fixture.lines(of: fixture.realLedger).count == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.sandboxLedger))
        #expect(try fixture.has(at: nil, sandbox: false) == 0)
        #expect(try fixture.has(at: nil, sandbox: true) == 1, "the real purchase reached the sandbox")
        let pro = try fixture.entitlement(at: nil, sandbox: false)
        #expect(pro["productID"] as? String == "plus_monthly" && pro["active"] as? Bool == true)
        let document = try fixture.transactions(at: nil)
        #expect(document["ledger"] as? String == "real")
        #expect((document["transactions"] as? [Any])?.count == 1)

        // --sandbox without --now picks the sandbox ledger at the real clock.
        let sandboxed = try fixture.run(["store", "buy", "plus_monthly", "--sandbox"])
        #expect(sandboxed.status == 0, "\(sandboxed)")
        #expect(fixture.lines(of: fixture.sandboxLedger).count == 1 && fixture.lines(of: fixture.realLedger).count == 1)
        #expect(try fixture.has(at: nil, sandbox: true) == 0)

        try fixture.store(["cancel", "plus_monthly"], now: nil)
        #expect(try fixture.entitlement(at: nil, sandbox: false)["willRenew"] as? Bool == false)
        #expect(try fixture.entitlement(at: nil, sandbox: true)["willRenew"] as? Bool == true)
    }
}

/// docs/store.md holds to what the binary does: its demo runs and prints what it shows, and
/// its JSON Schema accepts real `store transactions --json` output and rejects broken output.
extension StoreCommandTests {
    static func document() throws -> String {
        try String(
            contentsOf: BuiltBinary.repositoryRoot.appendingPathComponent("docs/store.md"), encoding: .utf8)
    }

    /// The body of the first ```FENCE block after `heading` in docs/store.md.
    static func block(_ fence: String, after heading: String) throws -> String {
        let text = try document()
        let section = try #require(text.range(of: "\n\(heading)\n"), "docs/store.md has no \(heading)")
        let start = try #require(text[section.upperBound...].range(of: "```\(fence)\n"))
        let end = try #require(text[start.upperBound...].range(of: "\n```\n"))
        return String(text[start.upperBound..<end.lowerBound]) + "\n"
    }

    @Test("the scripted demo of docs/store.md runs and prints what the page shows")
    func theScriptedDemoPrintsWhatTheDocsShow() throws {
        let script = try Self.block("sh", after: "## A scripted demo")
        let expected = try Self.block("text", after: "## A scripted demo")
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("bin/tui-onboard"), withDestinationPath: try BuiltBinary.path())
        let path = try scratch.write(script, to: "demo.sh")
        let output = try CommandRunner.run(
            "/usr/bin/env",
            [
                "PATH=\(scratch.path("bin")):/usr/bin:/bin", "TZ=UTC", "LC_ALL=C.UTF-8", "TMPDIR=\(scratch.url.path)",
                "bash", path,
            ], timeout: .seconds(60))
        #expect(output.status == 0, "\(output)")
        #expect(output.standardError.isEmpty, "\(output.standardError)")
        #expect(output.standardOutput == expected)
        // It cleaned up after itself: only the script and the link are left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["bin", "demo.sh"])
    }

    @Test("real store transactions --json output passes the schema in docs/store.md; broken output fails it")
    func transactionsJSONMatchesTheDocumentedSchema() throws {
        let schema = try Self.block("json", after: "### JSON Schema")
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try Self.everyKindOfRow(fixture)
        var documents = [try fixture.transactionsJSON(at: "2026-04-01")]
        // A revocation and the answers to price increases, on a second customer.
        let other = try StoreFixture()
        defer { other.remove() }
        try other.store(["buy", "plus_monthly"], now: "2026-01-01")
        for (action, now) in [
            (["price-increase", "plus_monthly", "6.99", "--consent"], "2026-01-02"),
            (["price-increase", "plus_monthly", "--agree"], "2026-01-03"),
            (["price-increase", "plus_monthly", "7.99", "--consent"], "2026-01-04"),
            (["price-increase", "plus_monthly", "--decline"], "2026-01-05"),
        ] {
            try other.store(action, now: now)
        }
        try other.store(["buy", "pro_lifetime"], now: "2026-01-06")
        let lifetime = try #require(try other.rows(at: "2026-01-06").last?["id"] as? String)
        try other.store(["refund", lifetime, "--revoke"], now: "2026-01-07")
        documents.append(try other.transactionsJSON(at: "2026-01-07"))
        documents.append(try other.transactionsJSON(at: nil))  // the real ledger: empty
        let kinds = try documents.flatMap { text -> [String] in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return (object["transactions"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        }
        #expect(Set(kinds).count >= 15, "too few kinds to hold the schema to: \(Set(kinds).sorted())")

        // Broken copies of the first document: each must fail at the path named.
        let broken = """
            import json, sys
            document = json.load(open(sys.argv[1]))
            rows = document["transactions"]
            copies = []
            def copy(change):
                new = json.loads(json.dumps(document))
                change(new)
                copies.append(new)
            copy(lambda d: d["transactions"][0].pop("appliesTo"))
            copy(lambda d: d["transactions"][1].update(kind="bogus"))
            copy(lambda d: d["transactions"][0].update(price=2.99))
            copy(lambda d: d["transactions"][0].update(date="2026-01-01"))
            copy(lambda d: d.update(version=2))
            copy(lambda d: d.pop("ledger"))
            json.dump(copies, open(sys.argv[2], "w"))
            """
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let schemaPath = try scratch.write(schema, to: "schema.json")
        let paths = try documents.enumerated().map { try scratch.write($0.element, to: "real-\($0.offset).json") }
        let brokenScript = try scratch.write(broken, to: "broken.py")
        let python = try SchemaTests.python()
        let made = try CommandRunner.run(python, [brokenScript, paths[0], scratch.path("broken.json")])
        try #require(made.status == 0, "\(made)")

        let check = """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            def report(name, instance):
                paths = sorted("/".join(str(p) for p in e.absolute_path) for e in validator.iter_errors(instance))
                print(name, json.dumps(paths))
            for path in sys.argv[2:-1]:
                report(path.rsplit("/", 1)[-1], json.load(open(path)))
            for index, instance in enumerate(json.load(open(sys.argv[-1]))):
                report("broken-%d" % index, instance)
            """
        let checkScript = try scratch.write(check, to: "check.py")
        let result = try CommandRunner.run(
            python, [checkScript, schemaPath] + paths + [scratch.path("broken.json")], timeout: .seconds(60))
        #expect(result.status == 0, "\(result)")
        #expect(
            result.standardOutput == """
                real-0.json []
                real-1.json []
                real-2.json []
                broken-0 ["transactions/0"]
                broken-1 ["transactions/1/kind"]
                broken-2 ["transactions/0/price"]
                broken-3 ["transactions/0/date"]
                broken-4 ["version"]
                broken-5 [""]

                """)
    }
}
