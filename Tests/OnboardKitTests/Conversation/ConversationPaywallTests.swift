import Testing

@testable import OnboardKit

/// The paywall in the conversation: a numbered menu with each package's price and terms, a
/// purchase only after a yes, its outcome in words; restore, the links and the test store's
/// sheet by a letter or a number.
@Suite struct ConversationPaywallTests {
    static func conversation(mode: StoreSimulator.SimulationMode = .success) throws -> Conversation {
        Conversation(app: try PaywallFixtures.flowApp(mode: mode, latency: 1))
    }

    @Test func theMenuNumbersEachPackageWithItsPriceAndTermsAfterWhatIsOwned() throws {
        var conversation = try Self.conversation()
        let menu = conversation.opening(perform: { _ in [] })
        let status = try #require(menu.firstIndex { $0.hasPrefix("tui-onboard Pro:") })
        let first = try #require(menu.firstIndex { $0.hasPrefix("1) ") })
        #expect(status < first, "what is owned comes first")
        #expect(menu.contains { $0.hasPrefix("2) Pro Monthly: $4.99/mo") })
        #expect(menu.contains { $0.contains("Renews automatically until cancelled") })
        #expect(menu.contains("Privacy Policy: https://tui-onboard.example.com/privacy"))
        #expect(menu.last?.contains("1 to 3: buy, r: restore") == true)
        ConversationTests.expectPlain(menu)
    }

    @Test func aNumberAsksFirstAndOnlyAYesBuys() throws {
        var conversation = try Self.conversation()
        _ = conversation.opening(perform: { _ in [] })
        let asked = ConversationTests.talk(["2"], &conversation)
        #expect(asked == ["Buy Pro Monthly for $4.99/mo? y: yes, n: no."])
        #expect(ConversationTests.talk(["n"], &conversation).first == "Nothing was bought.")
        #expect(conversation.app.paywall?.recordedThisRun.isEmpty == true)
        let bought = ConversationTests.talk(["2", "y"], &conversation)
        #expect(bought.contains("You're all set"))
        #expect(bought.contains("Thank you for buying Pro Monthly."))
        #expect(conversation.app.paywall?.recordedThisRun.map(\.productID) == ["tui_onboard_pro_monthly"])
        let events = conversation.takeEvents().map(\.name)
        #expect(events.contains("purchaseStarted") && events.contains("purchaseFinished"))
        // The status says so when the page is said again.
        #expect(ConversationTests.talk(["?"], &conversation).contains { $0.contains("Active until") })
    }

    @Test func restoreAndTheLinksAreLetters() throws {
        var conversation = try Self.conversation()
        _ = conversation.opening(perform: { _ in [] })
        let restored = ConversationTests.talk(["r"], &conversation)
        #expect(restored.contains("No purchases to restore"))
        #expect(
            ConversationTests.talk(["t"], &conversation).first == "Terms of Use: https://tui-onboard.example.com/terms")
        #expect(ConversationTests.talk(["9"], &conversation).first == "Not understood: 9")
    }

    @Test(arguments: [("1", "You're all set", 1), ("2", "Purchase failed", 0), ("3", "", 0)])
    func theTestStoresSheetIsANumberedChoice(choice: String, said: String, bought: Int) throws {
        var conversation = try Self.conversation(mode: .prompt)
        _ = conversation.opening(perform: { _ in [] })
        let sheet = ConversationTests.talk(["1", "y"], &conversation)
        #expect(sheet.contains("Test Store: confirm purchase"))
        #expect(sheet.last == "1: success, 2: failure, 3: cancel, 4: ask to buy.")
        let outcome = ConversationTests.talk([choice], &conversation)
        if !said.isEmpty { #expect(outcome.contains(said)) }
        #expect(outcome.last?.hasPrefix("Page 2 of 3.") == true)
        #expect(conversation.app.paywall?.recordedThisRun.count == bought)
    }

    @Test func anOfferCodeIsTypedOnALineThenConfirmed() throws {
        var conversation = try Self.conversation()
        _ = conversation.opening(perform: { _ in [] })
        let asked = ConversationTests.talk(["o"], &conversation)
        #expect(asked == ["Type or paste your offer code:", "Type the offer code; an empty line cancels."])
        // A code the catalog does not take is said, and the menu is back.
        let refused = ConversationTests.talk(["NOPE"], &conversation)
        #expect(refused.count == 2 && refused[1].hasPrefix("Page 2 of 3."), "\(refused)")
        #expect(conversation.app.paywall?.top == nil)
        let offered = ConversationTests.talk(["o", "welcome"], &conversation)
        let prompt = try #require(offered.last)
        #expect(prompt.hasSuffix("? y: yes, n: no."), "\(offered)")
        let redeemed = ConversationTests.talk(["y"], &conversation)
        #expect(
            conversation.app.paywall?.recordedThisRun.map(\.productID) == ["tui_onboard_pro_monthly"], "\(redeemed)")
        ConversationTests.expectPlain(asked + refused + offered + redeemed)
    }

    @Test(arguments: [("a", "Purchase approved", 2), ("d", "Purchase declined", 2)])
    func anAskToBuyRequestIsApprovedOrDeclinedByALetter(letter: String, said: String, recorded: Int) throws {
        var conversation = try Self.conversation(mode: .pending)
        _ = conversation.opening(perform: { _ in [] })
        let asked = ConversationTests.talk(["3", "y"], &conversation)
        #expect(asked.contains("Awaiting approval"), "\(asked)")
        #expect(asked.last?.contains("a: approve the request, d: decline the request") == true)
        let answered = ConversationTests.talk([letter], &conversation)
        #expect(answered.contains(said), "\(answered)")
        #expect(conversation.app.paywall?.recordedThisRun.count == recorded)
        #expect(answered.last?.contains("approve the request") == false)
    }
}
