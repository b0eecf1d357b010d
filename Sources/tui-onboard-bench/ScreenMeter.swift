import Foundation
import Glibc
import OnboardKit
import OnboardTerminal
import Synchronization

/// A real ncurses screen of a fixed size whose output goes to a temporary file, so that the
/// bytes each frame costs can be counted exactly, with CPU time measured around the work.
final class ScreenMeter {
    let width: Int
    let height: Int
    private let session: TerminalSession
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private let path: String
    private var bytesSoFar = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        path =
            NSTemporaryDirectory()
            + "tui-onboard-bench-\(getpid())-\(width)x\(height)-\(ScreenMeter.serial.add(1, ordering: .relaxed).newValue).out"
        TerminalSession.prepareLocale()
        // ncurses takes the screen size from the environment when there is no terminal.
        setenv("LINES", String(height), 1)
        setenv("COLUMNS", String(width), 1)
        output = fopen(path, "w")!
        input = fopen("/dev/null", "r")!
        session = try! TerminalSession(
            terminalName: "xterm-256color", output: output, input: input, environment: [:], enableMouse: false)
        _ = takeBytes()
        precondition(
            session.size.width == width && session.size.height == height,
            "ncurses opened \(session.size.width)x\(session.size.height), not \(width)x\(height)")
    }

    private static let serial = Atomic<Int>(0)

    deinit {
        session.stop()
        fclose(output)
        fclose(input)
        if ProcessInfo.processInfo.environment["BENCH_KEEP_OUTPUT"] == nil {
            unlink(path)
        } else {
            print("output kept in \(path)")
        }
    }

    var colorMode: ColorMode { session.colorMode }

    /// Presents a canvas and returns the bytes ncurses wrote for it.
    func present(_ canvas: Canvas) -> Int {
        session.present(canvas)
        return takeBytes()
    }

    private func takeBytes() -> Int {
        fflush(output)
        let total = Int(ftell(output))
        defer { bytesSoFar = total }
        return total - bytesSoFar
    }

    /// CPU seconds of this thread.
    static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The app on the built-in deck and catalog, at this screen's size, with its first frame
    /// already presented.
    func startApp(deck: Deck, reducesMotion: Bool) -> (app: OnboardingApp, canvas: Canvas, bytes: Int) {
        let app = OnboardingApp(
            deck: deck, colorMode: colorMode, width: width, height: height,
            settings: AppSettings(reducesMotion: reducesMotion), paywall: ScreenMeter.defaultPaywall())
        var canvas = Canvas(width: width, height: height)
        app.render(into: &canvas)
        return (app, canvas, present(canvas))
    }

    /// The built-in catalog with an empty ledger, for the deck's paywall page.
    static func defaultPaywall() -> PaywallSetup {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/default-catalog.json").path
        guard
            let catalog = CatalogDecoder.load(
                path: path, fileReader: { try Benchmarks.assetReader.read($0, CatalogFile.maximumByteCount) }
            ).catalog
        else {
            fatalError("cannot load \(path)")
        }
        return PaywallSetup(
            catalog: catalog, clock: StoreClock(startWallDate: Date(timeIntervalSince1970: 1_767_225_600)))
    }

    /// The built-in deck, found in the source tree.
    static func defaultDeck() -> Deck {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/default-deck.json").path
        guard let deck = DeckLoader.load(path: assets, reader: Benchmarks.assetReader).deck else {
            fatalError("cannot load \(assets)")
        }
        return deck
    }
}
