import Glibc
import Testing

@testable import OnboardDisk

@Suite struct DescriptorReaderTests {
    /// Writes `bytes` to a new file and reads it back through an open descriptor, telling the
    /// reader `expectedSize` (what fstat would have said, or a stale figure).
    static func readBack(_ bytes: [UInt8], expectedSize: Int, limit: Int = Int.max) throws -> [UInt8] {
        try withTemporaryDirectory { directory in
            let path = directory + "/file"
            let writer = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            try #require(writer >= 0)
            try POSIXFile.writeAll(writer, bytes, path: path)
            close(writer)
            let reader = open(path, O_RDONLY)
            try #require(reader >= 0)
            defer { close(reader) }
            return try DescriptorReader.readToEnd(reader, path: path, expectedSize: expectedSize, limit: limit)
        }
    }

    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test(arguments: [0, 1, 596, 4096, 70_000])
    func aFileOfTheSizeFstatGaveIsReadWhole(count: Int) throws {
        #expect(try Self.readBack(Self.pattern(count), expectedSize: count) == Self.pattern(count))
    }

    /// A file that grew after fstat, or one whose size the kernel reports as 0 (/proc), is
    /// still read to its end.
    @Test(arguments: [(10, 0), (70_000, 0), (70_000, 5), (300_000, 4096)])
    func aFileLargerThanExpectedIsStillReadToItsEnd(count: Int, expectedSize: Int) throws {
        #expect(try Self.readBack(Self.pattern(count), expectedSize: expectedSize) == Self.pattern(count))
    }

    @Test func aFileShorterThanExpectedGivesWhatIsThere() throws {
        #expect(try Self.readBack(Self.pattern(100), expectedSize: 5_000) == Self.pattern(100))
    }

    /// Over the limit, exactly one byte more than the limit is read: enough to tell, no more.
    @Test(arguments: [(0, 0), (10, 3), (70_000, 0), (70_000, 65_536)])
    func overTheLimitOneByteMoreIsRead(limit: Int, expectedSize: Int) throws {
        let bytes = try Self.readBack(Self.pattern(80_000), expectedSize: expectedSize, limit: limit)
        #expect(bytes == Array(Self.pattern(80_000).prefix(limit + 1)))
    }

    @Test func aReadErrorNamesThePathAndTheCall() throws {
        let directory = open("/", O_RDONLY | O_DIRECTORY)
        try #require(directory >= 0)
        defer { close(directory) }
        #expect(throws: SystemCallError(operation: "read", path: "/", code: EISDIR)) {
            try DescriptorReader.readToEnd(directory, path: "/", expectedSize: 0)
        }
    }
}
