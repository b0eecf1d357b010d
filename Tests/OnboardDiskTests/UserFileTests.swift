import Foundation
import OnboardKit
import Testing

@testable import OnboardDisk

/// The disk reader the app hands its loaders: regular files only, never a blocking read.
@Suite(.timeLimit(.minutes(10)))
struct UserFileTests {
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        func file(_ name: String) -> String { "\(path)/\(name)" }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aRegularFileAndASymlinkToOneAreRead() throws {
        let folder = try Folder()
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.file("deck.json")))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json"), withDestinationPath: "deck.json")
        #expect(try UserFile.read(folder.file("deck.json"), limit: 10) == Array("{}".utf8))
        #expect(try UserFile.read(folder.file("link.json"), limit: 10) == Array("{}".utf8))
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try Folder()
        let fifo = folder.file("deck.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json"), withDestinationPath: fifo)
        for path in [fifo, folder.file("link.json")] {
            #expect(throws: FileReadError.notRegularFile(path: path, kind: "a FIFO")) {
                try UserFile.read(path, limit: 1024)
            }
        }
        #expect(FileReadError.notRegularFile(path: fifo, kind: "a FIFO").reason == "is a FIFO, not a regular file")
    }

    @Test(arguments: [
        ("/dev/null", "a character device"), ("/dev/zero", "a character device"), ("/tmp", "a directory"),
    ])
    func specialFilesAreRefusedByKind(path: String, kind: String) {
        #expect(throws: FileReadError.notRegularFile(path: path, kind: kind)) {
            try UserFile.read(path, limit: 1024)
        }
    }

    @Test func missingAndOversizedFilesSaySo() throws {
        let folder = try Folder()
        #expect(throws: FileReadError.missing(path: folder.file("none.json"))) {
            try UserFile.read(folder.file("none.json"), limit: 10)
        }
        #expect(throws: FileReadError.missing(path: folder.file("none/deck.json"))) {
            try UserFile.read(folder.file("none/deck.json"), limit: 10)
        }
        try Data(count: 11).write(to: URL(fileURLWithPath: folder.file("big.json")))
        #expect(throws: FileReadError.tooLarge(path: folder.file("big.json"), size: 11, limit: 10)) {
            try UserFile.read(folder.file("big.json"), limit: 10)
        }
        #expect(try UserFile.read(folder.file("big.json"), limit: 11).count == 11)
    }
}
