import Foundation
import Glibc
import OnboardKit
import Testing

@testable import OnboardDisk

@Suite struct LedgerFileTests {
    static let corruptionTime = Date(timeIntervalSince1970: 1_735_787_045)  // 2025-01-02T03:04:05Z

    static func store(_ directory: String) -> LedgerFile {
        LedgerFile(directory: directory, clock: { corruptionTime })
    }

    static func sample(_ number: Int, state: LedgerTransaction.State = .purchased) -> LedgerTransaction {
        LedgerTransaction(
            id: "t\(number)", originalID: "t0", productID: "pro.monthly",
            purchaseDate: Date(timeIntervalSince1970: 1_700_000_000.25 + Double(number) * 2_592_000),
            expiresDate: number.isMultiple(of: 2) ? Date(timeIntervalSince1970: 1_702_592_000.5 + Double(number)) : nil,
            offer: number == 0 ? .freeTrial : (number == 1 ? LedgerOffer(rawValue: "winBack/ä \"quoted\"\n") : nil),
            state: state, willRenew: number.isMultiple(of: 3), appliesTo: number > 0 ? "t\(number - 1)" : nil)
    }

    @Test func missingLedgerLoadsEmptyAndCreatesAPrivateDirectory() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/nested/state"
            let ledger = try Self.store(directory).load()
            #expect(ledger.isEmpty)
            var info = stat()
            #expect(stat(directory, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700)
        }
    }

    @Test func roundTripKeepsEveryFieldAndTheOrder() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            let written = LedgerTransaction.State.allCases.enumerated().map {
                Self.sample($0.offset, state: $0.element)
            }
            try store.append(written[0])
            try store.append(contentsOf: Array(written.dropFirst()))
            let loaded = try store.load()
            #expect(loaded.transactions == written)
            #expect(try fileLines(store.ledgerPath).count == written.count)
        }
    }

    @Test func everyLineIsJSONWithAChecksumOfItsTransaction() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try store.append(Self.sample(0))
            let line = try #require(try fileLines(store.ledgerPath).first)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let checksum = try #require(object["crc32"] as? String)
            let body = try #require(line.range(of: #""transaction":"#)).upperBound
            let transactionJSON = line[body...].dropLast()
            #expect(checksum == LedgerLine.hex(CRC32.checksum(Array(transactionJSON.utf8))))
            #expect(object["transaction"] is [String: Any])
        }
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    @Test func theEightBytesAStepChecksumIsTheBytewiseOneAtEveryLengthAndOffset() {
        // Every byte value, in a scrambled order.
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: ($0 &* 167 &+ 13) ^ ($0 >> 3)) }
        for start in 0..<9 {
            for end in start...bytes.count {
                let slice = bytes[start..<end]
                #expect(CRC32.checksum(slice) == CRC32.checksumBytewise(slice), "bytes \(start)..<\(end)")
            }
        }
        #expect(CRC32.checksum(AnySequence(Array("123456789".utf8))) == 0xCBF4_3926)
    }

    @Test func tornLastLineIsIgnoredAndRepairedByTheNextAppend() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try store.append(contentsOf: [Self.sample(0), Self.sample(1)])
            let whole = try LedgerLine.encode(Self.sample(2))
            try appendBytes(Array(whole.prefix(whole.count / 2)), to: store.ledgerPath)

            #expect(try store.load().transactions.map(\.id) == ["t0", "t1"])

            try store.append(Self.sample(3))
            #expect(try store.load().transactions.map(\.id) == ["t0", "t1", "t3"])
            let bytes = try fileBytes(store.ledgerPath)
            #expect(bytes.last == UInt8(ascii: "\n"))
            #expect(try fileLines(store.ledgerPath).count == 3)
        }
    }

    @Test func aWholeLastLineWithoutItsNewlineIsKeptAndEndedByTheNextAppend() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try store.append(contentsOf: [Self.sample(0), Self.sample(1)])
            // An editor that drops the final newline must not cost a purchase.
            _ = truncate(store.ledgerPath, off_t(try fileBytes(store.ledgerPath).count - 1))
            #expect(try store.load().transactions.map(\.id) == ["t0", "t1"])
            try store.append(Self.sample(2))
            #expect(try store.load().transactions.map(\.id) == ["t0", "t1", "t2"])
            #expect(try fileLines(store.ledgerPath).count == 3)
        }
    }

    @Test func aLedgerThatIsOnlyATornLineLoadsEmptyAndIsReplacedOnAppend() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try writeBytes(Array(#"{"crc32":"0000"#.utf8), to: store.ledgerPath)
            #expect(try store.load().isEmpty)
            try store.append(Self.sample(4))
            #expect(try store.load().transactions == [Self.sample(4)])
        }
    }

    /// Ways a recorded line can be damaged, with words the reported reason must contain.
    enum LineDamage: CaseIterable, Sendable {
        case changedByte, garbage, validChecksumButNoTransaction

        var expectedReason: String {
            switch self {
            case .changedByte: "checksum mismatch"
            case .garbage: "not a ledger entry"
            case .validChecksumButNoTransaction: "does not decode"
            }
        }

        func apply(to line: String) -> String {
            switch self {
            case .changedByte:
                return line.replacingOccurrences(of: "pro.monthly", with: "pro.yearly!")
            case .garbage:
                return "garbage"
            case .validChecksumButNoTransaction:
                let body = #"{"id":"x"}"#
                return #"{"crc32":""# + LedgerLine.hex(CRC32.checksum(Array(body.utf8))) + #"","transaction":"# + body
                    + "}"
            }
        }
    }

    @Test(arguments: LineDamage.allCases)
    func damagedMiddleLineIsSalvagedAndTheOriginalKeptWithWhereItIs(damage: LineDamage) throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try store.append(contentsOf: (0..<3).map { Self.sample($0) })
            var lines = try fileLines(store.ledgerPath)
            lines[1] = damage.apply(to: lines[1])
            let damaged = Array((lines.joined(separator: "\n") + "\n").utf8)
            try writeBytes(damaged, to: store.ledgerPath)

            let error = try #require(throws: LedgerError.self) { try store.load() }
            guard case let .damaged(path, line, reason, salvage) = error else {
                Issue.record("expected damage, got \(error)")
                return
            }
            let movedTo = salvage.preservedAt
            #expect(path == store.ledgerPath)
            #expect(line == 2)
            #expect(reason.contains(damage.expectedReason), "reason: \(reason)")
            #expect(movedTo == directory + "/ledger.corrupt-20250102T030405Z.jsonl")
            #expect(try fileBytes(movedTo) == damaged)
            #expect(salvage.kept == 2 && salvage.dropped == 1)
            #expect(error.description.contains("line 2"))
            #expect(error.description.contains(movedTo))
            #expect(error.description.contains("the 2 records whose checksums hold were kept"))

            // The lines that hold are the new ledger; the preserved file stays untouched.
            #expect(try store.load().transactions.map(\.id) == ["t0", "t2"])
            try store.append(Self.sample(9))
            #expect(try store.load().transactions.map(\.id) == ["t0", "t2", "t9"])
            #expect(try fileBytes(movedTo) == damaged)
        }
    }

    @Test func damagedLastCompleteLineIsDamageNotATornWrite() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            try store.append(Self.sample(0))
            try appendBytes(Array("{\"crc32\":\"zz\"}\n".utf8), to: store.ledgerPath)
            let error = try #require(throws: LedgerError.self) { try store.load() }
            guard case .damaged(_, line: 2, _, _) = error else {
                Issue.record("expected damage at line 2, got \(error)")
                return
            }
        }
    }

    @Test func twoCorruptionsInTheSameSecondKeepBothFiles() throws {
        try withTemporaryDirectory { directory in
            let store = Self.store(directory)
            var moved: [String] = []
            for _ in 0..<2 {
                try writeBytes(Array("garbage\n".utf8), to: store.ledgerPath)
                let error = try #require(throws: LedgerError.self) { try store.load() }
                if case let .damaged(_, _, _, salvage) = error { moved.append(salvage.preservedAt) }
            }
            #expect(moved.count == 2)
            #expect(Set(moved).count == 2)
            #expect(moved.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        }
    }

    @Test(.enabled(if: getuid() != 0, "root may write anywhere, so permissions cannot fail"))
    func unwritableDirectoryGivesAnErrorWithPathAndErrnoText() throws {
        try withTemporaryDirectory { directory in
            let locked = directory + "/locked"
            #expect(mkdir(locked, 0o500) == 0)
            let error = try #require(throws: LedgerError.self) {
                try Self.store(locked + "/state").append(Self.sample(0))
            }
            #expect(error.description.contains(locked))
            #expect(error.description.contains("Permission denied"))
            #expect(error.description.contains("--state-dir"))
        }
    }

    @Test func errorMessagesNameThePathTheErrnoTextAndANextStep() {
        let denied = LedgerError.io(SystemCallError(operation: "open", path: "/state/ledger.jsonl", code: EACCES))
        #expect(denied.description.contains("could not open /state/ledger.jsonl: Permission denied (errno \(EACCES))"))
        #expect(denied.description.contains("--state-dir"))
        let full = SystemCallError(operation: "write", path: "/state/ledger.jsonl", code: ENOSPC)
        #expect(full.description.contains("No space left on device"))
        #expect(full.description.contains("free some space"))
        // A path from the environment must not smuggle escape sequences to the terminal.
        let hostile = SystemCallError(operation: "open", path: "/tmp/\u{1B}[2Jevil", code: ENOENT)
        #expect(!hostile.description.contains("\u{1B}"))
    }

    @Test func fileInTheWayOfTheDirectoryIsReportedAsSuch() throws {
        try withTemporaryDirectory { directory in
            let blocker = directory + "/state"
            try writeBytes([1], to: blocker)
            let error = try #require(throws: LedgerError.self) { try Self.store(blocker).load() }
            guard case let .io(failure) = error else {
                Issue.record("expected an I/O error, got \(error)")
                return
            }
            #expect(failure.code == ENOTDIR)
            #expect(failure.path == blocker)
        }
    }
}
