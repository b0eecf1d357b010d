import Foundation
import Glibc
import Testing

@testable import tui_onboard

/// A recording cut by a full disk ends on its last whole line, whatever room there was.
@Suite struct WholeLineFileTests {
    /// A disk with `room` bytes free: writes take what fits (a short write, as the kernel's on a
    /// nearly full file system), then fail with ENOSPC.
    final class SmallDisk {
        var room: Int
        init(room: Int) { self.room = room }

        func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            guard room > 0 else {
                errno = ENOSPC
                return -1
            }
            let written = Glibc.write(descriptor, bytes, min(count, room))
            if written > 0 { room -= written }
            return written
        }
    }

    static let lines = [
        "{\"version\": 2, \"width\": 80, \"height\": 24}\n", "[0.000100, \"o\", \"\\u001b[?1049h\"]\n",
        "[0.250000, \"o\", \"Welcome — héllo\"]\n", "[0.500000, \"r\", \"70x20\"]\n",
    ]

    @Test func everyAmountOfRoomLeavesOnlyWholeLines() throws {
        let total = Self.lines.reduce(0) { $0 + $1.utf8.count }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("whole-lines-\(UUID()).cast").path
        defer { unlink(path) }
        for room in 0...total {
            let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let disk = SmallDisk(room: room)
            var file = WholeLineFile(descriptor: descriptor, write: disk.write)
            var whole: [String] = []
            var used = 0
            var stillFits = true
            for line in Self.lines {
                stillFits = stillFits && used + line.utf8.count <= room
                let appended = file.append(line)
                #expect(appended == stillFits, "room \(room)")
                if stillFits {
                    whole.append(line)
                    used += line.utf8.count
                }
            }
            let expected = whole.joined()
            let contents = try #require(FileManager.default.contents(atPath: path))
            #expect(String(decoding: contents, as: UTF8.self) == expected, "room \(room)")
            #expect(file.length == expected.utf8.count)
            #expect(file.failure == (room < total ? ENOSPC : nil), "room \(room)")
        }
    }

    @Test func nothingIsWrittenAfterAFailureEvenWhenRoomComesBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("whole-lines-\(UUID()).cast").path
        defer { unlink(path) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let disk = SmallDisk(room: Self.lines[0].utf8.count + 5)
        var file = WholeLineFile(descriptor: descriptor, write: disk.write)
        let first = file.append(Self.lines[0])
        let second = file.append(Self.lines[1])
        #expect(first && !second)
        disk.room = 1_000
        // A later line alone would leave a gap in the recording's time: it stays stopped.
        let third = file.append(Self.lines[2])
        #expect(!third)
        #expect(FileManager.default.contents(atPath: path) == Data(Self.lines[0].utf8))
    }
}
