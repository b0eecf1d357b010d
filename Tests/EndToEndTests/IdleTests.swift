import Foundation
import Testing

/// A carousel that is just showing a page uses no CPU and writes nothing.
@Suite("Idle cost")
struct IdleTests {
    /// Idle is proven rather than watched for a while: once every thread of the app waits with
    /// no deadline and no timer is armed, nothing but input or a signal can wake it.
    @Test(
        "after the first page is drawn, the app waits without a deadline and writes nothing more",
        .enabled(if: IdleProbe.canReadSystemCalls, "reading /proc/PID/syscall needs kernel.yama.ptrace_scope=0 or root")
    )
    func idleUsesNoCPU() throws {
        let terminal = try TmuxTerminal(deck: DeckFixtures.threePages)
        defer { terminal.close() }
        try terminal.start(recordingOutput: true)
        try #require(terminal.waitForText(DeckFixtures.headings[0]) != nil, "page 1 never appeared")
        let pid = try #require(terminal.appProcessID(), "the app's process was not found")
        // The page's entrance settles, then the loop blocks in poll with no timeout.
        var waits: [IdleProbe.ThreadWait] = []
        var timers: [String] = []
        let idle = Polling.until {
            waits = IdleProbe.threadWaits(pid) ?? []
            timers = IdleProbe.armedTimers(pid)
            return !waits.isEmpty && waits.allSatisfy(\.waitsWithoutDeadline) && timers.isEmpty
        }
        #expect(idle, "the app never settled into waiting for input:\n\(waits)\narmed timers: \(timers)")
        let ticksBefore = try #require(ProcessInspector.cpuTicks(pid))

        // Two marks written to the terminal after it settled: whatever the app wrote before
        // the second one has been recorded by the time it shows, so nothing between them
        // means nothing was written.
        let first = try #require(try terminal.markOutput("idle-1"), "the first mark was not recorded")
        let second = try #require(try terminal.markOutput("idle-2"), "the second mark was not recorded")
        #expect(
            second.lowerBound == first.upperBound,
            "idle, the app wrote \(second.lowerBound - first.upperBound) bytes")
        #expect(ProcessInspector.cpuTicks(pid) == ticksBefore, "idle, the app used CPU")
        #expect(IdleProbe.threadWaits(pid)?.allSatisfy(\.waitsWithoutDeadline) == true, "the app woke up")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
    }
}
