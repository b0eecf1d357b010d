import Foundation
import Testing

@testable import OnboardKit

/// `"when": {"variant": …}` tests the reader's assignment: a page shown to one variant is on the
/// path of that variant's readers only, in the app as in `--plain`, and an unknown experiment
/// or variant is refused where it is written.
@Suite("Conditions on a variant")
struct VariantConditionTests {
    static let deck = """
        {"app": {"id": "a", "name": "A", "version": "1.0.0"},
         "experiments": [{"id": "copy", "variants": [{"id": "a"}, {"id": "b"}]}],
         "pages": [
          {"kind": "step", "heading": "Welcome"},
          {"kind": "step", "heading": "Only for b", "when": {"variant": {"experiment": "copy", "is": "b"}}},
          {"kind": "step", "heading": "Not for b", "when": {"not": {"variant": {"experiment": "copy", "is": "b"}}}}
         ]}
        """

    static func load(_ json: String = deck, assigned: [String: String]) -> DeckLoadResult {
        DeckLoader.decode(Array(json.utf8), file: "deck.json", reader: .memory([:]), assign: { _, _ in assigned })
    }

    static func headings(_ deck: Deck, path: [Int]) -> [String] {
        path.compactMap { index -> String? in
            guard case .step(let step) = deck.pages[index] else { return nil }
            return step.heading
        }
    }

    @Test(
        arguments: [
            (["copy": "b"], ["Welcome", "Only for b"]), (["copy": "a"], ["Welcome", "Not for b"]),
            ([:], ["Welcome", "Not for b"]),
        ])
    func theAssignedVariantChoosesThePath(assigned: [String: String], shown: [String]) throws {
        let deck = try #require(Self.load(assigned: assigned).deck)
        #expect(Self.headings(deck, path: deck.path(in: ConditionContext())) == shown)
        #expect(Self.headings(deck, path: deck.pathTakingDefaults(ConditionContext()).path) == shown)
        let app = OnboardingApp(deck: deck, colorMode: .indexed256, width: 80, height: 24)
        #expect(app.conditionContext.variants == assigned)
        // A context that names its own variants (a test, `validate`) is taken as it is.
        let forced = deck.path(in: ConditionContext(variants: ["copy": "b"]))
        #expect(Self.headings(deck, path: forced) == ["Welcome", "Only for b"])
    }

    @Test func anUnknownVariantIsRefusedWhereItIsWritten() {
        let json = Self.deck.replacingOccurrences(of: "\"is\": \"b\"}}},", with: "\"is\": \"c\"}}},")
        let result = Self.load(json, assigned: [:])
        #expect(result.deck == nil)
        let error = result.diagnostics.first { $0.severity == .error }
        #expect(error?.message.contains("\"c\"") == true, "\(result.diagnostics)")
        #expect(error?.location?.line == 5, "\(result.diagnostics)")
    }
}
