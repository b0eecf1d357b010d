import Foundation
import Glibc
import Testing

/// `--result-json` into something that is not a regular file: written in place, never replaced.
@Suite("Where the result goes")
struct ResultDestinationTests {
    @Test("a result sent to a FIFO arrives there, and the FIFO stays a FIFO (as /dev/null stays a device)")
    func resultIntoAFIFO() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path("result.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let output = try FirstRunCommandLineTests.run(
            ["--plain", "--state-dir", directory.path("state"), "--result-json", fifo])
        #expect(output.status == 0, "\(output)")
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(reader, &buffer, buffer.count)
        let result = try FirstRunCommandLineTests.json(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self))
        #expect(result["outcome"] as? String == "completed")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced by a file")
    }
}
