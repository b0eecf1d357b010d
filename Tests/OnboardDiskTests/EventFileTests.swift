import Foundation
import Glibc
import Testing

@testable import OnboardDisk

/// The events file (`--events`): appended to, one write per line, and nothing a reader or the
/// disk does to it ends the process or leaves half a line.
@Suite(.serialized) struct EventFileTests {
    /// Everything a non-blocking reader can take now.
    static func drain(_ reader: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(reader, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFileIsAppendedToNeverTruncated() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/events.jsonl"
            try writeBytes(Array("{\"earlier\":1}\n".utf8), to: path)
            let file = try EventFile.open(path)
            #expect(file.append("{\"a\":1}\n") && file.append("{\"b\":2}\n"))
            #expect(String(decoding: try fileBytes(path), as: UTF8.self) == "{\"earlier\":1}\n{\"a\":1}\n{\"b\":2}\n")
            #expect(file.lost == 0 && file.offered == 2)
        }
    }

    @Test func aFIFOThatNobodyReadsIsRefusedAtOnceSayingWhatToDo() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/events.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let error = try #require(throws: EventFile.OpenError.self) { try EventFile.open(fifo) }
            #expect(error.description.contains("start the reader first"), "\(error)")
        }
    }

    @Test func aTerminalIsRefused() throws {
        let error = try #require(throws: EventFile.OpenError.self) { try EventFile.open("/dev/ptmx") }
        #expect(error.description.contains("it is a terminal"), "\(error)")
    }

    @Test func aReaderThatWentAwayEndsTheStreamNotTheProcess() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/events.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            let file = try EventFile.open(fifo)
            #expect(file.isPipe && file.append("{\"first\":1}\n"))
            #expect(Self.drain(reader) == "{\"first\":1}\n")
            close(reader)
            // SIGPIPE's default action would end this test process here.
            #expect(!file.append("{\"second\":2}\n"))
            #expect(!file.append("{\"third\":3}\n"))
            #expect(file.isClosed && file.lastError == EPIPE && file.lost == 2)
            var pending = sigset_t()
            sigpending(&pending)
            #expect(sigismember(&pending, SIGPIPE) == 0, "the write's SIGPIPE was left pending")
        }
    }

    @Test func aReaderThatFallsBehindLosesWholeLinesAndTheRestArrive() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/events.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            defer { close(reader) }
            let file = try EventFile.open(fifo)
            let line = "{\"n\":\"" + String(repeating: "x", count: 1000) + "\"}\n"
            // A pipe holds 64 KiB: far fewer than this many lines of 1 KiB.
            for _ in 0..<200 { file.append(line) }
            #expect(file.lost > 0 && file.lastError == EAGAIN && !file.isClosed)
            let arrived = Self.drain(reader)
            #expect(arrived.count == line.count * (200 - file.lost), "a line arrived cut")
            #expect(arrived.split(separator: "\n").allSatisfy { $0 + "\n" == line })
            // Once the reader catches up, lines go through again.
            #expect(file.append(line))
            #expect(Self.drain(reader) == line)
        }
    }

    @Test func aLineLongerThanAPipeTakesAtOnceIsNotSentToOne() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/events.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            defer { close(reader) }
            let file = try EventFile.open(fifo)
            #expect(!file.append(String(repeating: "y", count: Int(PIPE_BUF)) + "\n"))
            #expect(file.append("{}\n"))
            #expect(Self.drain(reader) == "{}\n")
        }
    }

    @Test func aFullDiskEndsTheStreamAndSaysSo() throws {
        let file = try EventFile.open("/dev/full")
        #expect(!file.append("{}\n"))
        #expect(!file.append("{}\n"))
        #expect(file.isClosed && file.lastError == ENOSPC && file.lost == 2 && file.offered == 2)
    }
}
