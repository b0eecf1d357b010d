import Foundation
import Glibc
import Testing

@testable import OnboardDisk
@testable import OnboardFiles

@Suite struct AtomicFileTests {
    /// The id of a process that has exited, for temporaries whose writer is gone.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    static func temporaries(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
    }

    @Test func missingFileReadsAsNil() throws {
        try withTemporaryDirectory { directory in
            let contents = try AtomicFile(path: directory + "/absent.json").read()
            #expect(contents == nil)
        }
    }

    @Test func writeReplacesTheWholeContentsAndLeavesNoTemporary() throws {
        try withTemporaryDirectory { directory in
            let file = AtomicFile(path: directory + "/state.json")
            try file.write(Data(String(repeating: "long old contents ", count: 500).utf8))
            try file.write(Data("new".utf8))
            #expect(try file.read() == Data("new".utf8))
            #expect(try Self.temporaries(in: directory).isEmpty)
            var info = stat()
            #expect(stat(file.path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600)
        }
    }

    @Test func crashBeforeRenameLeavesTheOldContentsReadable() throws {
        try withTemporaryDirectory { directory in
            let file = AtomicFile(path: directory + "/state.json")
            try file.write(Data("old".utf8))
            // The first half of a write, then the process "dies": the temporary stays behind.
            let temporary = try file.writeTemporary(Data("new but never committed".utf8))
            #expect(FileManager.default.fileExists(atPath: temporary))
            #expect(try file.read() == Data("old".utf8))
        }
    }

    @Test func nextWriteRemovesTemporariesOfDeadWritersOnly() throws {
        try withTemporaryDirectory { directory in
            let file = AtomicFile(path: directory + "/state.json")
            let abandoned = file.temporaryPath(process: try Self.deadProcessID(), nonce: 7)
            let live = file.temporaryPath(process: getpid(), nonce: 8)
            let otherFile = AtomicFile(path: directory + "/other.json").temporaryPath(
                process: try Self.deadProcessID(), nonce: 9)
            for path in [abandoned, live, otherFile] { try writeBytes(Array("partial".utf8), to: path) }

            try file.write(Data("whole".utf8))

            #expect(try file.read() == Data("whole".utf8))
            #expect(!FileManager.default.fileExists(atPath: abandoned))
            #expect(FileManager.default.fileExists(atPath: live))
            #expect(FileManager.default.fileExists(atPath: otherFile))
        }
    }

    @Test func writeIntoAMissingDirectoryFailsWithThePath() throws {
        try withTemporaryDirectory { directory in
            let file = AtomicFile(path: directory + "/missing/state.json")
            let error = try #require(throws: SystemCallError.self) { try file.write(Data("x".utf8)) }
            #expect(error.code == ENOENT)
            #expect(error.description.contains(directory + "/missing/"))
            #expect(error.description.contains("No such file or directory"))
        }
    }

    @Test func aFailedRenameNamesTheFileThenWhereItWasToGo() throws {
        try withTemporaryDirectory { directory in
            // Onto a directory that is not empty: rename(2) refuses with EISDIR.
            let source = directory + "/new.tmp"
            let target = directory + "/state.json"
            try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: source, contents: Data("x".utf8)))
            let error = try #require(throws: SystemCallError.self) { try POSIXFile.rename(source, to: target) }
            #expect(error.code == EISDIR)
            #expect(
                error.description.hasPrefix(
                    "could not rename \(source) to \(target): Is a directory (errno \(EISDIR))"),
                "\(error)")
        }
    }
}
