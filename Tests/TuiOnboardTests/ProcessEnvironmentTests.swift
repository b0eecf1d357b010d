import Foundation
import Testing

@testable import tui_onboard

@Suite struct ProcessEnvironmentTests {
    @Test func readsWhatProcessInfoReads() {
        setenv("TUI_ONBOARD_TEST_VALUE", "a=b=c", 1)
        defer { unsetenv("TUI_ONBOARD_TEST_VALUE") }
        let environment = ProcessEnvironment.current()
        #expect(environment["TUI_ONBOARD_TEST_VALUE"] == "a=b=c")
        #expect(environment == ProcessInfo.processInfo.environment)
    }
}
