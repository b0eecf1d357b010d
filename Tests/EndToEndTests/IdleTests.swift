import Foundation
import Testing

/// A carousel that is just showing a page uses no CPU and writes nothing.
@Suite("Idle cost")
struct IdleTests {
    @Test("after the first page is drawn, 2 s idle cost at most 1 CPU tick and no output")
    func idleUsesNoCPU() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages)
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        try #require(terminal.waitForText(DeckFixtures.headings[0]) != nil, "page 1 never appeared")
        let pid = try #require(terminal.appProcessID(), "the app's process was not found")
        // Let the first frame's output drain through the pane before counting.
        _ = Polling.until(timeout: .seconds(1)) {
            let before = terminal.recordedOutput().count
            usleep(100_000)
            return before > 0 && terminal.recordedOutput().count == before
        }
        let ticksBefore = try #require(ProcessInspector.cpuTicks(pid))
        let bytesBefore = terminal.recordedOutput().count
        sleep(2)
        let ticksAfter = try #require(ProcessInspector.cpuTicks(pid), "the app ended while idle")
        let bytesAfter = terminal.recordedOutput().count
        #expect(ticksAfter - ticksBefore <= 1, "idle for 2 s used \(ticksAfter - ticksBefore) ticks")
        #expect(bytesAfter == bytesBefore, "idle for 2 s wrote \(bytesAfter - bytesBefore) bytes")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }
}
