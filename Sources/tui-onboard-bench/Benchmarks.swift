import Foundation
import OnboardKit

/// A named benchmark that prints its own figures.
struct Benchmark: Sendable {
    var name: String
    var run: @Sendable () -> Void
}

enum Benchmarks {
    /// Every benchmark, in the order `make bench` prints them. Add new ones here.
    static let all: [Benchmark] = [spring, slide, confetti, hostile, ledger, keyCost]

    /// Reads the repository's own assets, which are trusted, small regular files.
    static let assetReader = FileReader { path, _ throws(FileReadError) in
        guard let data = FileManager.default.contents(atPath: path) else { throw .missing(path: path) }
        return [UInt8](data)
    }

    /// CPU time (user + system) of this process in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}
