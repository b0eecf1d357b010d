/// A paywall page declined: its exit offer shows in its place the first time the user leaves it
/// without buying, and its survey asks why the next time (or the first, without an offer).
/// Each at most once per user; never under autoplay, after a purchase, or for a customer.
extension OnboardingApp {
    /// The paywall page at deck index `index` as it shows: its exit offer, once that came up.
    func shownPaywallPage(at index: Int) -> PaywallPage? {
        guard case .paywall(let page) = deck.pages[index] else { return nil }
        if exitOfferPages.contains(index), let offer = page.exitOffer { return offer.page }
        return page
    }

    /// Every exit offer and survey this user has seen: in runs before and in this one.
    var declinesSeen: DeclineMemory { settings.declinesShownBefore.union(declinesShown) }

    /// Leaves the paywall page on screen for `leave`, unless its exit offer or survey comes up
    /// instead (then the user acts again, or answers first).
    mutating func leaving(_ leave: PaywallLeave) -> [Effect] {
        holdsBack(leave) ? [] : carryOut(leave)
    }

    /// True when leaving the page on screen for `leave` brings up its exit offer or survey.
    mutating func holdsBack(_ leave: PaywallLeave) -> Bool {
        let index = carousel.currentIndex
        guard settings.offersOnDecline, autoplay == nil, survey == nil, pendingOutcome == nil,
            let page = currentPaywallPage,
            case .paywall(let deckPage) = deck.pages[index], deckPage.exitOffer != nil || deckPage.survey != nil,
            // Last: finding out costs a presentation of every tab and side.
            !isCustomer(on: page)
        else { return false }
        if let offer = deckPage.exitOffer, !exitOfferPages.contains(index),
            !declinesSeen.exitOffers.contains(offer.id)
        {
            exitOfferPages.insert(index)
            declinesShown.exitOffers.insert(offer.id)
            queuedEvents.append(
                .exitOfferShown(
                    index: index, id: offer.id, offering: paywall?.offering(for: offer.page)?.id,
                    package: selectedPackage?.package.identifier))
            return true
        }
        if let survey = deckPage.survey, !declinesSeen.surveys.contains(survey.question.id) {
            declinesShown.surveys.insert(survey.question.id)
            self.survey = SurveyPrompt(pageIndex: index, survey: survey, leave: leave)
            queuedEvents.append(.surveyShown(index: index, id: survey.question.id))
            return true
        }
        return false
    }

    /// True when this run bought something or is buying (a purchase on its way is no decline),
    /// or the page sells something the user has already: on any tab and either side of a period
    /// switch, not only those on screen (a Monthly subscriber looking at Yearly is a customer).
    func isCustomer(on page: PaywallPage) -> Bool {
        guard let paywall else { return false }
        if !paywall.recordedThisRun.isEmpty || paywall.store.phase != .idle { return true }
        return paywall.plainSections(for: page).contains { section in
            section.presentation.rows.contains { $0.isOwned || $0.isLicensed }
        }
    }

    /// Goes where the user was going.
    mutating func carryOut(_ leave: PaywallLeave) -> [Effect] {
        switch leave {
        case .forward(let position):
            select(position)
            return []
        case .quit(let outcome): return [.quit(outcome)]
        case .finish: return finish(.completed)
        }
    }

    /// A key on the survey: its question's first, then Esc (go on without an answer) and `q`
    /// (left to the tour, which quits); every other key stays with the survey.
    mutating func handleSurvey(_ key: Key, context: KeyContext) -> [Effect]? {
        guard var prompt = survey else { return nil }
        let result = prompt.state.handle(KeyBindings.action(for: key, in: context), key: key)
        survey = prompt
        switch result {
        case .handled: return []
        case .answered: return surveyAnswered()
        case .ignored: break
        }
        switch KeyBindings.action(for: key, in: .survey) {
        case .close: return endSurvey()
        case .quit: return nil
        default: return []
        }
    }

    /// A click on the survey: a choice picks it, and a click on the picked one answers.
    mutating func clickSurvey(x: Int, y: Int) -> [Effect] {
        guard var prompt = survey, !slide.isMoving else { return [] }
        let view = QuestionView(
            state: prompt.state, theme: theme, layoutDirection: settings.layoutDirection, keysHint: prompt.keysHint)
        guard case .option(let option)? = view.target(atX: x, y: y, in: layout.content) else { return [] }
        let wasPicked = prompt.state.clickAnswers(option: option)
        prompt.state.click(option: option)
        survey = prompt
        guard wasPicked, !prompt.isAskingOther else { return [] }
        return surveyAnswered(submitting: true)
    }

    /// The survey's question was answered: kept and told like a page's; "Other" then asks for
    /// its line, anything else ends the survey.
    mutating func surveyAnswered(submitting: Bool = false) -> [Effect] {
        guard var prompt = survey else { return [] }
        if submitting, !prompt.state.submit() {
            survey = prompt
            return []
        }
        let id = prompt.state.question.id
        if let answer = prompt.state.answer {
            surveyAnswers[id] = answer
            queuedEvents.append(.questionAnswered(index: prompt.pageIndex, id: id, answer: answer))
        }
        if !prompt.isAskingOther, prompt.picksOther(prompt.state.answer) {
            prompt.state = QuestionState(
                question: prompt.survey.otherQuestion(heading: Messages.tr("What else held you back?")))
            survey = prompt
            return []
        }
        return endSurvey()
    }

    /// The survey goes, and the user with it where they were going.
    mutating func endSurvey() -> [Effect] {
        guard let prompt = survey else { return [] }
        survey = nil
        return carryOut(prompt.leave)
    }
}
