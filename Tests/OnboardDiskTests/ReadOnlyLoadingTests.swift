import Foundation
import Glibc
import OnboardKit
import Testing

@testable import OnboardDisk

/// `status` and `has` read the state and the ledger without writing: no lock file, no
/// directory, no repair, and an answer while another process holds the locks.
@Suite struct ReadOnlyLoadingTests {
    static let date = Date(timeIntervalSince1970: 1_735_787_045)  // 2025-01-02T03:04:05Z

    /// Every file in `directory` with its bytes; empty when it does not exist.
    static func snapshot(_ directory: String) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, FileManager.default.contents(atPath: "\(directory)/\($0)") ?? Data())
            })
    }

    @Test func aMissingStateDirectoryReadsAsEmptyAndIsNotCreated() throws {
        try withTemporaryDirectory { (root: String) throws in
            let directory = root + "/never"
            #expect(try FirstRunStateFile(directory: directory).loadWithoutRepair() == FirstRunState())
            #expect(try LedgerFile(directory: directory).loadWithoutRepair().isEmpty)
            #expect(!FileManager.default.fileExists(atPath: directory))
        }
    }

    @Test func soundFilesReadTheSameAsALoadThatLocks() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let transaction = LedgerFileTests.sample(0)
            try LedgerFile(directory: directory).append(transaction)
            try FirstRunStateFile(directory: directory).update {
                $0.record(appID: "demo", version: "1.2.0", completion: .finished, date: Self.date)
            }
            #expect(try LedgerFile(directory: directory).loadWithoutRepair().transactions == [transaction])
            #expect(
                try FirstRunStateFile(directory: directory).loadWithoutRepair().apps["demo"]?.lastSeenVersion == "1.2.0"
            )
        }
    }

    @Test func bothAnswerWhileAnotherProcessHoldsTheLocks() throws {
        try withTemporaryDirectory { (directory: String) throws in
            try LedgerFile(directory: directory).append(LedgerFileTests.sample(0))
            try FirstRunStateFile(directory: directory).update {
                $0.record(appID: "demo", version: "1.0.0", completion: .skipped, date: Self.date)
            }
            let held = try ["ledger.lock", "state.lock"].map { name in
                let descriptor = open("\(directory)/\(name)", O_RDWR | O_CREAT, 0o600)
                try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
                return descriptor
            }
            defer { held.forEach { close($0) } }
            #expect(try LedgerFile(directory: directory).loadWithoutRepair().count == 1)
            #expect(
                try FirstRunStateFile(directory: directory).loadWithoutRepair().apps["demo"]?.completion == .skipped)
        }
    }

    @Test func aDamagedLedgerIsReportedAndLeftByteForByte() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = LedgerFile(directory: directory)
            try store.append(contentsOf: [LedgerFileTests.sample(0), LedgerFileTests.sample(1)])
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store.ledgerPath)))
            bytes[20] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: store.ledgerPath))
            let before = Self.snapshot(directory)
            #expect {
                try store.loadWithoutRepair()
            } throws: { error in
                guard case .damaged(_, let line, _) = error as? LedgerReadError else { return false }
                return line == 1
            }
            #expect(Self.snapshot(directory) == before)
        }
    }

    @Test func aTornLastLineIsIgnoredAsALoadIgnoresIt() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = LedgerFile(directory: directory)
            try store.append(LedgerFileTests.sample(0))
            let line = try LedgerLine.encode(LedgerFileTests.sample(1))
            let handle = try #require(FileHandle(forWritingAtPath: store.ledgerPath))
            handle.seekToEndOfFile()
            handle.write(Data(line[0..<40]))
            handle.closeFile()
            #expect(try store.loadWithoutRepair().count == 1)
        }
    }

    @Test func aDamagedStateFileIsReportedAndLeftInPlace() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = FirstRunStateFile(directory: directory)
            try Data("{\"apps\": [".utf8).write(to: URL(fileURLWithPath: store.statePath))
            let before = Self.snapshot(directory)
            #expect {
                try store.loadWithoutRepair()
            } throws: { error in
                guard case .damaged(let path, _) = error as? FirstRunReadError else { return false }
                return path == store.statePath
            }
            #expect(Self.snapshot(directory) == before)
        }
    }

    @Test func aStateFileThatIsADirectoryIsReportedWithoutBlocking() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = FirstRunStateFile(directory: directory)
            try FileManager.default.createDirectory(atPath: store.statePath, withIntermediateDirectories: false)
            #expect(throws: FirstRunReadError.self) { try store.loadWithoutRepair() }
            #expect(FileManager.default.fileExists(atPath: store.statePath))
        }
    }

    @Test func settingTheLedgerAsideKeepsItUnderADatedResetName() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let store = LedgerFile(directory: directory)
            #expect(try store.setAside(date: Self.date) == nil)
            try store.append(LedgerFileTests.sample(0))
            let original = try Data(contentsOf: URL(fileURLWithPath: store.ledgerPath))
            let first = try #require(try store.setAside(date: Self.date))
            #expect(first == "\(directory)/ledger.reset-20250102T030405Z.jsonl")
            #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == original)
            #expect(try store.load().isEmpty)
            try store.append(LedgerFileTests.sample(1))
            let second = try #require(try store.setAside(date: Self.date))
            #expect(second == "\(directory)/ledger.reset-20250102T030405Z-2.jsonl")
        }
    }
}
