import FoundationEssentials
import Glibc
import OnboardKit
import OnboardReport

/// `report FILE...`: the funnel of event files. Reading is here; what the bytes say, the
/// counting and the statistics are OnboardReport's.
extension Launcher {
    /// Opens every FILE first, so that a missing one (66) stops the report before it prints
    /// anything; then reads them in order into one tally.
    func report(_ paths: [String]) -> Int32 {
        var descriptors: [(path: String, descriptor: Int32)] = []
        defer { for entry in descriptors where entry.descriptor != STDIN_FILENO { close(entry.descriptor) } }
        for path in paths {
            switch Self.openEventFile(path) {
            case .success(let descriptor): descriptors.append((path, descriptor))
            case .failure(let failure):
                printError(failure.message)
                return ExitCode.missingInput
            }
        }
        var tally = FunnelTally()
        var worst = ExitCode.success
        for (path, descriptor) in descriptors {
            worst = max(worst, Self.readEvents(from: descriptor, source: path, into: &tally))
        }
        let report = FunnelReport(tally: tally)
        let written = writeOutput(options.output.isJSON ? report.json : report.text)
        return written == ExitCode.success ? worst : written
    }

    /// A descriptor for reading `path` (`-`: standard input), or why there is none.
    static func openEventFile(_ path: String) -> Result<Int32, UnreadableEventFile> {
        if path == "-" { return .success(STDIN_FILENO) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(UnreadableEventFile(message: "\(path): \(String(cString: strerror(errno)))"))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            return .failure(UnreadableEventFile(message: "\(path): a directory, not a file of events"))
        }
        return .success(descriptor)
    }

    /// Why `report` cannot read a FILE it was given.
    struct UnreadableEventFile: Error {
        var message: String
    }

    /// Reads one file to its end: 0, 65 for damaged gzip data, 74 for a failed read.
    static func readEvents(from descriptor: Int32, source: String, into tally: inout FunnelTally) -> Int32 {
        var decoder = EventFileDecoder(source: source)
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        do {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    printError("\(source): \(String(cString: strerror(errno)))")
                    return ExitCode.ioError
                }
                if count == 0 { break }
                try buffer.withUnsafeBufferPointer { (bytes) throws(GzipInflater.Failure) in
                    try decoder.feed(UnsafeBufferPointer(rebasing: bytes[..<count]), into: &tally)
                }
            }
            try decoder.finish(into: &tally)
        } catch {
            printError("\(source): \(error.reason)")
            return ExitCode.badData
        }
        return ExitCode.success
    }
}
