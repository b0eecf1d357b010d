/// A paywall page's `"exitOffer"` and `"survey"`: what a user leaving it without buying is
/// offered, then asked, once each.
extension DeckDecoder {
    static let exitOfferKeys: Set<String> = CatalogDecoder.copyKeys.union(["id", "offering"])
    static let surveyKeys: Set<String> = [
        "id", "heading", "text", "choices", "multiple", "min", "max", "default", "other",
    ]

    /// `{"offering": …, "title": …, …}`: an offering and words as a paywall page's, and an id.
    func decodeExitOffer(_ offer: JSONObjectReader) -> ExitOffer? {
        offer.warnUnknownKeys(Self.exitOfferKeys)
        let id = offer.string("id", nonEmpty: true) ?? ExitOffer.defaultID
        guard checkID(id, in: offer, noun: "an exit offer") else { return nil }
        return ExitOffer(id: id, page: decodePaywallWords(offer))
    }

    /// `{"id": …, "heading": …, "choices": [...], "other": true | TEXT}`: a question with
    /// choices, and an "Other" choice with a line of text when `other` is given.
    func decodeSurvey(_ survey: JSONObjectReader) -> PaywallSurvey? {
        survey.warnUnknownKeys(Self.surveyKeys)
        let (id, heading, body) = questionWords(survey)
        let choices = decodeChoices(survey)
        let other = decodeOtherChoice(survey)
        if other != nil, let choices, choices.choices.contains(where: { $0.id == PaywallSurvey.otherChoice }) {
            log.error(
                survey.path.appending("choices"), at: survey.member("choices")?.location,
                "a choice's id is \"\(PaywallSurvey.otherChoice)\", which \"other\" adds itself; give it another id")
            return nil
        }
        guard let id, let heading, let choices else { return nil }
        let question = QuestionPage(id: id, heading: heading, text: body, kind: .choices(choices))
        return PaywallSurvey(question: question, otherTitle: other)
    }

    /// The "Other" choice's words: `true` for the app's own ("Other…"), a text for the deck's,
    /// nil for none (`false` or absent).
    private func decodeOtherChoice(_ survey: JSONObjectReader) -> String? {
        guard let node = survey.member("other") else { return nil }
        if case .bool(let wanted) = node.value { return wanted ? Messages.tr("Other…") : nil }
        return text("other", in: survey, nonEmpty: true)
    }
}
