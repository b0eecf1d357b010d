import OnboardKit
import Testing

@testable import tui_onboard

/// `--help` lists the keys from the table of key bindings, not a copy of its own.
@Suite struct UsageKeysTests {
    @Test func theUsageTextHoldsTheTablesKeys() {
        #expect(UsageText.general().contains(KeyBindings.plainTextSummary))
        for binding in KeyBindings.carousel.bindings + KeyBindings.anywhere.bindings {
            for name in binding.keyNames { #expect(UsageText.general().contains(name), "--help lacks \(name)") }
        }
        // The keys once missing from the usage text.
        for name in ["c", "g", "G"] { #expect(KeyBindings.plainTextSummary.contains(" \(name) ")) }
    }
}
