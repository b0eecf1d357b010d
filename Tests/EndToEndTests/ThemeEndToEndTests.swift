import Foundation
import Testing

/// Themes, backgrounds and the terminal's answers in a real tmux (3.3 and later answer OSC 11
/// with the pane's background once one is set; they do not answer DECRQM for mode 2026, so the
/// app must go on without synchronized output and leave nothing behind).
@Suite struct ThemeEndToEndTests {
    static let heading = DeckFixtures.headings[0]
    static let defaultAccent = StyledScreen.Color.rgb(139, 92, 246)

    private func launch(
        arguments: [String] = [], paneStyle: String? = nil, environment: [String: String] = [:],
        deck: String = DeckFixtures.threePages
    ) throws -> (TmuxTerminal, TemporaryDirectory) {
        let state = try TemporaryDirectory()
        let terminal = try TmuxTerminal(
            deck: deck, arguments: ["--state-dir", state.path("state")] + arguments, terminalType: "tmux-256color",
            environment: ["COLORTERM": "truecolor", "COLORFGBG": "", "NO_COLOR": ""].merging(environment) { $1 })
        if let paneStyle { try terminal.setPaneStyle(paneStyle) }
        try terminal.start()
        if terminal.waitForText(Self.heading) == nil {
            terminal.close()
            state.remove()
            Issue.record("the tour never appeared")
            throw EndToEndError("the tour never appeared")
        }
        return (terminal, state)
    }

    /// The colour of the "Next" caption: the accent.
    static func accent(_ terminal: TmuxTerminal) -> StyledScreen.Color? {
        let screen = StyledScreen(terminal.styledScreen())
        let rows = Dictionary(grouping: screen.textCells, by: \.y)
        for (_, cells) in rows {
            let text = String(cells.sorted { $0.x < $1.x }.map(\.cell.character))
            if let range = text.range(of: "Next") {
                let index = text.distance(from: text.startIndex, to: range.lowerBound)
                return cells.sorted { $0.x < $1.x }[index].cell.foreground
            }
        }
        return nil
    }

    static func luminance(_ red: Int, _ green: Int, _ blue: Int) -> Double {
        func linear(_ value: Int) -> Double {
            let share = Double(value) / 255
            return share <= 0.04045 ? share / 12.92 : pow((share + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    static func contrast(_ color: StyledScreen.Color?, against background: (Int, Int, Int)) -> Double {
        guard case .rgb(let red, let green, let blue) = color else { return 0 }
        let first = luminance(red, green, blue)
        let second = luminance(background.0, background.1, background.2)
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    @Test("auto: the first page comes with the dark guess, then tmux's answer makes it light")
    func autoFollowsTheAnswer() throws {
        let (terminal, state) = try launch(paneStyle: "bg=#fdf6e3")
        defer {
            terminal.close()
            state.remove()
        }
        let light = Polling.value {
            let accent = Self.accent(terminal)
            return accent != nil && accent != Self.defaultAccent ? accent : nil
        }
        #expect(Self.contrast(light, against: (253, 246, 227)) >= 4.5, "\(String(describing: light))")
        // The answer was not taken for keys ("g", "G" and digits would turn pages).
        #expect(terminal.screen().contains(Self.heading))
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        // Nothing of any answer reached the shell.
        #expect(!terminal.screen().contains("rgb:"), "\(terminal.screen())")
        #expect(!terminal.screen().contains("2026"), "\(terminal.screen())")
    }

    @Test("--theme dark keeps the dark accent whatever the terminal's background")
    func chosenThemeWins() throws {
        let (terminal, state) = try launch(arguments: ["--theme", "dark"], paneStyle: "bg=#fdf6e3")
        defer {
            terminal.close()
            state.remove()
        }
        #expect(Polling.value { Self.accent(terminal) } == Self.defaultAccent)
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test("with no answer, COLORFGBG's light background gives the light theme")
    func colorFGBGGuess() throws {
        let (terminal, state) = try launch(environment: ["COLORFGBG": "0;15"])
        defer {
            terminal.close()
            state.remove()
        }
        let accent = Polling.value { Self.accent(terminal) }
        #expect(accent != Self.defaultAccent)
        #expect(Self.contrast(accent, against: (255, 255, 255)) >= 4.5, "\(String(describing: accent))")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }

    static let dottedDeck = """
        {
          "app": {"id": "com.example.demo", "name": "\(DeckFixtures.appName)", "version": "1.0.0"},
          "background": "dots",
          "pages": [{"kind": "step", "heading": "\(DeckFixtures.headings[0])", "text": "\(DeckFixtures.bodies[0])"}]
        }
        """

    @Test("a background shows in colour and is left out under NO_COLOR")
    func backgroundAndNoColor() throws {
        let (colored, coloredState) = try launch(deck: Self.dottedDeck)
        defer {
            colored.close()
            coloredState.remove()
        }
        #expect(colored.screen().contains("·   ·"), "\(colored.screen())")
        let (plain, plainState) = try launch(environment: ["NO_COLOR": "1"], deck: Self.dottedDeck)
        defer {
            plain.close()
            plainState.remove()
        }
        #expect(!plain.screen().contains("·"), "\(plain.screen())")
    }
}
