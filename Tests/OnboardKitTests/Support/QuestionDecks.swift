@testable import OnboardKit

/// A deck with one page of each question kind between two plain pages, for key, mouse and
/// view tests of question pages.
enum QuestionDecks {
    static let shell = QuestionPage(
        id: "shell", heading: "Which shell do you use?", text: "Completions are set up for it.",
        kind: .choices(
            ChoiceQuestion(choices: [
                .init(id: "bash", title: "Bash", subtitle: "the GNU shell"), .init(id: "zsh", title: "Zsh"),
                .init(id: "fish", title: "fish", subtitle: "friendly"),
            ])))
    static let tools = QuestionPage(
        id: "tools", heading: "What do you work with?",
        kind: .choices(
            ChoiceQuestion(
                choices: [
                    .init(id: "git", title: "Git"), .init(id: "docker", title: "Docker"),
                    .init(id: "k8s", title: "Kubernetes"),
                ], allowsSeveral: true, minimum: 1, maximum: 2)))
    static var name: QuestionPage {
        QuestionPage(
            id: "name", heading: "What should we call you?",
            kind: .input(
                InputQuestion(
                    placeholder: "Ada", pattern: try? TextPattern("^[[:alpha:] ]+$"), maximumLength: 20)))
    }
    static let telemetry = QuestionPage(
        id: "telemetry", heading: "Send anonymous usage data?", kind: .confirm(ConfirmQuestion(defaultValue: false)))

    /// Page 1 a step, 2 the shell, 3 tools, 4 name, 5 telemetry, 6 a step.
    static var deck: Deck {
        var deck = TestDecks.deck(pageCount: 6)
        deck.pages[1] = .question(shell)
        deck.pages[2] = .question(tools)
        deck.pages[3] = .question(name)
        deck.pages[4] = .question(telemetry)
        return deck
    }

    /// The app on page `page` (1-based), every question before it answered by `--answer`.
    static func app(
        onPage page: Int = 1, width: Int = 80, height: Int = 24, answers: [String: Answer] = [:]
    ) -> OnboardingApp {
        var settings = AppSettings(reducesMotion: true, seed: 1)
        let earlier: [String: Answer] = [
            "shell": .text("zsh"), "tools": .choices(["git"]), "name": .text("Ada"), "telemetry": .yesNo(true),
        ]
        let ids = ["shell", "tools", "name", "telemetry"].prefix(max(0, page - 2))
        settings.answers = earlier.filter { ids.contains($0.key) }.merging(answers) { $1 }
        var app = OnboardingApp(deck: deck, colorMode: .indexed256, width: width, height: height, settings: settings)
        if page > 1 { _ = app.update(.key(.character(Character("\(page)")))) }
        return app
    }
}
