import Foundation
import Testing

@testable import OnboardKit

/// The table of keys is the only place keys are decided: one key does one thing per context,
/// every key it lists does something, and what help and documentation show is drawn from it.
@Suite struct KeyBindingsTests {
    @Test func everyContextHasAMap() {
        #expect(
            KeyBindings.all.map(\.context).sorted { $0.rawValue < $1.rawValue }
                == KeyContext.allCases.sorted {
                    $0.rawValue < $1.rawValue
                })
        for context in KeyContext.allCases { #expect(KeyBindings.map(for: context).context == context) }
    }

    @Test(arguments: KeyBindings.all.map(\.context))
    func noTwoBindingsOfAContextShareAKey(context: KeyContext) {
        let bindings = KeyBindings.map(for: context).bindings
        var seen: [Key: KeyAction] = [:]
        for binding in bindings {
            for key in binding.keys {
                #expect(seen[key] == nil, "\(key.displayName) is bound twice in \(context)")
                seen[key] = binding.action
            }
        }
        #expect(bindings.filter(\.isAnyKey).count <= 1, "two any-key bindings in \(context)")
    }

    @Test(arguments: KeyBindings.all.map(\.context))
    func everyKeyOfTheTableDoesSomething(context: KeyContext) throws {
        let scenarios = try KeyEffectScenarios.scenarios(for: context)
        for scenario in scenarios where context != .anywhere {
            // The survey's keys sit under its question's context, which the focus reports.
            guard context == .survey else {
                #expect(
                    KeyEffectScenarios.context(of: scenario.app) == context, "\(scenario.name) is not in \(context)")
                continue
            }
            guard case .survey = scenario.app.focus else {
                Issue.record("\(scenario.name) shows no survey")
                continue
            }
        }
        for binding in KeyBindings.map(for: context).bindings {
            // The terminal shell carries out the suspend (TerminalRunner); the core never sees it.
            if binding.action == .suspend { continue }
            for key in binding.isAnyKey ? [Key.character("x")] : binding.keys {
                let worked = scenarios.contains { KeyEffectScenarios.hasEffect(key, on: $0.app) }
                #expect(worked, "\(key.displayName) (\(binding.action)) does nothing in \(context)")
            }
        }
    }

    @Test func theHelpListsEveryBindingOfTheTourAndThePaywall() throws {
        let (canvas, _) = try OverlayTests.screen(.help, mode: .indexed256)
        for entry in (KeyBindings.carousel.entries + KeyBindings.paywall.entries) {
            #expect(
                canvas.lines.contains { $0.contains(entry.keys) && $0.contains(entry.help) },
                "the help lacks \(entry.keys) \(entry.help):\n\(canvas.lines.joined(separator: "\n"))")
        }
    }

    @Test func withoutAPaywallTheHelpListsTheTourOnly() {
        var app = TestDecks.app(TestDecks.deck(pageCount: 3), width: 80, height: 24)
        _ = app.update(.key(.character("?")))
        let lines = TestDecks.screen(app).lines
        for entry in KeyBindings.carousel.entries {
            #expect(lines.contains { $0.contains(entry.keys) && $0.contains(entry.help) }, "lacks \(entry.keys)")
        }
        for entry in KeyBindings.paywall.entries { #expect(!lines.contains { $0.contains(entry.help) }) }
    }

    @Test func theHintLinesNameTheTablesKeys() {
        #expect(PaywallOverlay.sheetKeys == "1 success · 2 failure · 3 cancel · 4 ask to buy")
        #expect(ReviewBoxView.footer == " 1–5 rate · ← → Enter · Esc later ")
        #expect(PaywallController.requestKeys == "a approves · d declines the request")
    }

    @Test func plainTextListsEveryContextAndTheSummaryTheTour() {
        let text = KeyBindings.plainText
        for map in KeyBindings.all {
            for entry in map.entries { #expect(text.contains(entry.keys)) }
        }
        for entry in KeyBindings.carousel.entries { #expect(KeyBindings.plainTextSummary.contains("  \(entry.keys)")) }
        for name in KeyBindings.anywhere.bindings.flatMap(\.keyNames) {
            #expect(KeyBindings.plainTextSummary.contains(name))
        }
        #expect(!text.contains("`"))
    }
}
