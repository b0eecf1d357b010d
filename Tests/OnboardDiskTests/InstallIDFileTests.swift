import Dispatch
import Foundation
import Glibc
import OnboardKit
import Synchronization
import Testing

@testable import OnboardDisk

/// The install id: made once, kept, and made again (said) when its file is damaged or planted.
@Suite struct InstallIDFileTests {
    static let corruptionTime = Date(timeIntervalSince1970: 1_735_787_045)  // 2025-01-02T03:04:05Z

    static func file(_ directory: String) -> InstallIDFile {
        InstallIDFile(directory: directory, clock: { corruptionTime })
    }

    @Test("the first load makes 128 random bits as 32 hex digits; later loads keep them")
    func madeOnceThenKept() throws {
        try withTemporaryDirectory { directory in
            let first = try Self.file(directory).load()
            #expect(first.origin == .created)
            #expect(InstallIDFile.isID(first.id))
            #expect(try fileBytes(Self.file(directory).path) == Array((first.id + "\n").utf8))
            let again = try Self.file(directory).load()
            #expect(again == (first.id, .kept))
            #expect(InstallIDFile.randomID() != InstallIDFile.randomID())
        }
    }

    @Test(
        "a damaged file is moved aside and a new id made, once",
        arguments: [
            ("garbage", Array("not an id\n".utf8)),
            ("short", Array("0123456789abcdef0123456789abcde\n".utf8)),
            ("uppercase", Array("0123456789ABCDEF0123456789ABCDEF\n".utf8)),
            ("two lines", Array("0123456789abcdef0123456789abcdef\n0123456789abcdef0123456789abcdef\n".utf8)),
            ("binary", [0, 0xFF, 0xFE, 0x1B, 0x5B, 0x32, 0x4A]),
            ("empty", []),
        ])
    func damagedBytes(name: String, bytes: [UInt8]) throws {
        try withTemporaryDirectory { directory in
            let file = Self.file(directory)
            try writeBytes(bytes, to: file.path)
            let loaded = try file.load()
            guard case .replaced(_, let movedTo) = loaded.origin else {
                Issue.record("\(name): \(loaded.origin)")
                return
            }
            #expect(try fileBytes(movedTo) == bytes, "the damaged file is kept as it was")
            #expect(InstallIDFile.isID(loaded.id))
            #expect(try file.load() == (loaded.id, .kept), "said once: the next run keeps the new id")
        }
    }

    @Test("a file ending without a newline is still the id")
    func noNewline() throws {
        try withTemporaryDirectory { directory in
            let id = "0123456789abcdef0123456789abcdef"
            try writeBytes(Array(id.utf8), to: Self.file(directory).path)
            #expect(try Self.file(directory).load() == (id, .kept))
        }
    }

    @Test("a link in its place is not followed: it is moved aside and its target left alone")
    func symbolicLink() throws {
        try withTemporaryDirectory { directory in
            let target = directory + "/chosen"
            let planted = Array("0123456789abcdef0123456789abcdef\n".utf8)
            try writeBytes(planted, to: target)
            let file = Self.file(directory)
            #expect(symlink(target, file.path) == 0)
            let loaded = try file.load()
            guard case .replaced(let reason, _) = loaded.origin else {
                Issue.record("a link was used: \(loaded.origin)")
                return
            }
            #expect(reason.contains("symbolic link"))
            #expect(loaded.id != "0123456789abcdef0123456789abcdef")
            #expect(try fileBytes(target) == planted)
            var info = stat()
            #expect(lstat(file.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        }
    }

    @Test("a FIFO in its place is moved aside without blocking")
    func fifo() throws {
        try withTemporaryDirectory { directory in
            let file = Self.file(directory)
            #expect(mkfifo(file.path, 0o600) == 0)
            guard case .replaced(let reason, _) = try file.load().origin else {
                Issue.record("the FIFO was not replaced")
                return
            }
            #expect(reason.contains("FIFO"))
        }
    }

    @Test("a state directory that cannot be made is an error, and no id is made up")
    func unusableDirectory() throws {
        try withTemporaryDirectory { directory in
            try writeBytes([], to: directory + "/plain-file")
            #expect(throws: FirstRunStateFileError.self) {
                try Self.file(directory + "/plain-file/state").load()
            }
        }
    }

    @Test("many first loads at once, each with its own lock descriptor, end with one id")
    func concurrentFirstLoads() throws {
        try withTemporaryDirectory { directory in
            let ids = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                if let loaded = try? Self.file(directory).load() { ids.withLock { $0.append(loaded.id) } }
            }
            let seen = ids.withLock { $0 }
            #expect(seen.count == 8)
            #expect(Set(seen).count == 1)
            let kept = try Self.file(directory).load()
            #expect(kept.id == seen.first)
        }
    }
}
