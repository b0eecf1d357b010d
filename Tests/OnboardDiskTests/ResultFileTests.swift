import Foundation
import Glibc
import Testing

@_spi(FaultInjection) @testable import OnboardDisk

/// Where a result may be asked for: a file, a new file, a link, a FIFO or device.
@Suite struct ResultFileTests {
    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/result.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            // A reader that does not wait, so the writer can open the FIFO.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            try ResultFile.write(Data("{\"ok\":true}\n".utf8), to: fifo)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(reader, &buffer, buffer.count)
            #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "{\"ok\":true}\n")
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test func aFIFOThatNobodyReadsFailsAtOnce() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/result.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let error = try #require(throws: SystemCallError.self) { try ResultFile.write(Data("x".utf8), to: fifo) }
            #expect(error.code == ENXIO)
        }
    }

    @Test func aLinkIsFollowedAndItsTargetReplaced() throws {
        try withTemporaryDirectory { directory in
            try writeBytes(Array("old".utf8), to: directory + "/target.json")
            #expect(symlink(directory + "/target.json", directory + "/link.json") == 0)
            try ResultFile.write(Data("new".utf8), to: directory + "/link.json")
            #expect(try fileBytes(directory + "/target.json") == Array("new".utf8))
            var info = stat()
            #expect(lstat(directory + "/link.json", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        }
    }

    @Test func aNewOrRegularFileIsReplacedWhole() throws {
        try withTemporaryDirectory { directory in
            try ResultFile.write(Data("first".utf8), to: directory + "/result.json")
            try ResultFile.write(Data("second".utf8), to: directory + "/result.json")
            #expect(try fileBytes(directory + "/result.json") == Array("second".utf8))
        }
    }

    /// The file named is written in place: the same inode, so its mode and its other names stay.
    @Test func anExistingFileKeepsItsInodeModeAndHardLinks() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/result.json"
            try writeBytes(Array("an older and longer result".utf8), to: path)
            #expect(chmod(path, 0o640) == 0)
            #expect(link(path, directory + "/other-name.json") == 0)
            var before = stat()
            #expect(stat(path, &before) == 0)
            try ResultFile.write(Data("new".utf8), to: path)
            var after = stat()
            #expect(stat(path, &after) == 0)
            #expect(after.st_ino == before.st_ino)
            #expect(after.st_mode & 0o7777 == 0o640)
            #expect(after.st_nlink == 2)
            #expect(try fileBytes(directory + "/other-name.json") == Array("new".utf8))
        }
    }

    /// A write that fails partway leaves no half document for a reader to misread.
    @Test(arguments: [EIO, ENOSPC])
    func aFailedWriteLeavesTheFileEmpty(code: Int32) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/result.json"
            try writeBytes(Array("{\"old\": true}".utf8), to: path)
            // The calls: open, truncate, then the write.
            let (_, reached) = FaultInjection.run(failingCall: 3, with: .fail(errno: code)) {
                #expect(throws: SystemCallError.self) { try ResultFile.write(Data("{\"new\": true}".utf8), to: path) }
            }
            #expect(reached)
            #expect(try fileBytes(path) == [])
        }
    }

    @Test func atomicReplacementNeverRenamesOverAFIFO() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/state.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: SystemCallError.self) { try AtomicFile(path: fifo).write(Data("x".utf8)) }
            var info = stat()
            #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
    }
}
