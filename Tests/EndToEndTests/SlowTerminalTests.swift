import Foundation
import Testing

/// Confetti behind a terminal that reads 32 KB/s (an SSH link, a shared screen) keeps wall-clock
/// time: frames that cannot be read in time are skipped, never queued. Measured with
/// `bench/slow_terminal.py`, which runs the app on a pseudo-terminal whose reader takes a fixed
/// number of bytes a second, and answers device attributes questions as a terminal does. The
/// unthrottled run of the same script, in the same test, is the reference, so a slow machine
/// moves both.
@Suite("Slow terminal", .serialized)
struct SlowTerminalTests {
    struct Figures: Decodable {
        var rate: Int?
        var burstSeconds: Double
        var keySeconds: Double
        var exitCode: Int32
        var screen: String

        enum CodingKeys: String, CodingKey {
            case rate
            case burstSeconds = "burst_seconds"
            case keySeconds = "key_seconds"
            case exitCode = "exit_code"
            case screen
        }
    }

    static let rate = 32 * 1024
    /// What a key may take beyond its unthrottled time at 32 KB/s: the frame on its way and the
    /// top of the next, ~0.1 s, with room for a machine loaded by the whole suite in parallel
    /// (0.53 s measured there). That page changes jump behind a slow terminal is held by
    /// `SlideTests` and `FramePacerTests`; `make bench` prints the figure beside its target.
    static let keyAllowance = 0.6

    @Test("at 32 KB/s the burst ends within 0.2 s of its unthrottled time, exact, and a key still answers")
    func confettiKeepsTimeBehindASlowTerminal() throws {
        let binary = try BuiltBinary.path()
        let script = BuiltBinary.repositoryRoot.appendingPathComponent("bench/slow_terminal.py").path
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.path("figures.jsonl")
        let errors = directory.path("errors.txt")
        let status = try ChildProcess.run(
            "/usr/bin/env", ["python3", script, binary, "--rate", "0", "--rate", "\(Self.rate)", "--json"],
            standardOutput: output, standardError: errors, timeout: .seconds(120))
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let problems = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        try #require(status == 0, "slow_terminal.py exited \(status): \(problems)\(printed)")
        // A run that could not be measured prints an "error" instead of figures.
        let runs = printed.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Figures.self, from: Data($0.utf8))
        }
        try #require(runs.count == 2, "expected two measured runs, got: \(printed)\(problems)")
        let (reference, throttled) = (runs[0], runs[1])
        #expect(reference.rate == nil && throttled.rate == Self.rate)
        #expect(reference.exitCode == 0 && throttled.exitCode == 0)
        // Before frames were paced: 3.2 s became 12.2 s at 32 KB/s (debug build).
        #expect(
            abs(throttled.burstSeconds - reference.burstSeconds) <= 0.2,
            "burst \(throttled.burstSeconds) s behind the slow terminal, \(reference.burstSeconds) s without")
        // Skipped frames leave nothing behind: the same screen as when every frame was read.
        #expect(
            throttled.screen == reference.screen,
            "the screen behind the slow terminal:\n\(throttled.screen)\n--- read at full speed:\n\(reference.screen)")
        // The terminal's slow answers make page changes jump: only the frame on its way and
        // the top of the one answering the key cross the link, 0.18-0.4 s against 0.12-0.17 s
        // unthrottled on a loaded machine (with the slide: 0.49-0.53 s). The 1.5x is
        // met only part of the time, so `make bench` prints it.
        #expect(
            throttled.keySeconds <= reference.keySeconds + Self.keyAllowance,
            "→ answered in \(throttled.keySeconds) s behind the slow terminal, \(reference.keySeconds) s without")
    }
}
