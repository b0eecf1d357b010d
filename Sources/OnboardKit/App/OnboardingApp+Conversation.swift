/// What the conversation (`Conversation`) does to the app: the same moves the keys make,
/// named by what they do rather than by a key, so a typed line and a key press go down one
/// path (the questions' rules, the pages' conditions, the store, the events).
extension OnboardingApp {
    /// Runs `change` as `update` runs a message: the path follows the entitlements after it,
    /// and what it changed is queued as events.
    mutating func converse(_ change: (inout OnboardingApp) -> [Effect]) -> [Effect] {
        let before = EventProbe(self, message: .key(.enter))
        let effects = change(&self)
        if deck.conditionsReadEntitlements { followPath() }
        noteEvents(since: before)
        return effects
    }

    /// Enter on a page: the next page, or the end after the last; a question page is answered
    /// with what it holds first, and stays when that is no answer.
    mutating func conversationNext() -> [Effect] {
        converse { $0.perform(.advance, key: .enter) }
    }

    mutating func conversationBack() -> [Effect] {
        converse { app in
            app.select(app.carousel.position - 1)
            return []
        }
    }

    /// The question on the current page answered with `answer` (already checked), then the
    /// next page.
    mutating func conversationAnswer(_ answer: Answer) -> [Effect] {
        converse { app in
            let index = app.carousel.currentIndex
            guard let question = app.questions[index]?.question else { return [] }
            app.keepQuestion(QuestionState(question: question, answered: answer), at: index)
            return app.perform(.advance, key: .enter)
        }
    }

    /// An action of the paywall on the current page, for the page itself or the box on top,
    /// whatever part of the list a screen would show.
    mutating func conversationPaywall(_ action: KeyAction) -> [Effect] {
        converse { app in
            guard let page = app.currentPaywallPage, app.paywall != nil else { return [] }
            return app.perform(app.paywall!.perform(action, on: page) ?? [])
        }
    }

    /// Selects the package `id` of the current paywall page, showing its tab and its side of
    /// the period switch.
    mutating func conversationSelect(packageID id: String) -> [Effect] {
        converse { app in
            guard let page = app.currentPaywallPage else { return [] }
            app.paywall?.show(packageID: id, on: page)
            return []
        }
    }

    /// Text for the paywall's box on top that takes it (an offer code, a license).
    mutating func conversationPaste(_ text: String) -> [Effect] {
        converse { app in app.paywall?.paste(text).map { app.perform($0) } ?? [] }
    }

    /// The store's notice has been said: it closes, as a key closes it once it is seen.
    mutating func conversationCloseNotice() -> [Effect] {
        converse { app in
            app.paywall?.framePresented()
            return app.perform(app.paywall?.handleNotice(.close) ?? [])
        }
    }

    /// A key for the paywall's box on top that takes typing (an encrypted license's key).
    mutating func conversationType(_ key: Key) -> [Effect] {
        converse { app in app.paywall?.type(key).map { app.perform($0) } ?? [] }
    }
}
