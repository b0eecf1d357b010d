import Foundation
import Glibc
import OnboardKit
import Testing

@testable import OnboardDisk

/// Real child processes appending to one ledger: locking across processes and death mid-write.
@Suite struct LedgerFileCrossProcessTests {
    /// The indices recorded for each prefix, in ledger order.
    static func indicesByPrefix(_ ledger: Ledger) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for transaction in ledger.transactions {
            let parts = transaction.id.split(separator: "-")
            guard parts.count == 2, let index = Int(parts[1]) else {
                Issue.record("unexpected transaction id \(transaction.id)")
                continue
            }
            result[String(parts[0]), default: []].append(index)
        }
        return result
    }

    @Test func twoProcessesAppendingAtOnceKeepAllTheirTransactions() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFile(directory: directory)
            // Both children wait at a gate, so that each is ready to append before the other
            // has finished starting up.
            let gate = directory + "/go"
            let children = try ["alpha", "beta"].map {
                try LedgerStress.start(
                    directory: directory, count: 200, prefix: $0, waitingFor: gate,
                    readyFile: "\(directory)/\($0).ready")
            }
            // A failed check below must not leave a child waiting at the gate for ever.
            defer { for child in children where child.isRunning { child.terminate() } }
            for (name, child) in zip(["alpha", "beta"], children) {
                try #require(
                    ChildHandshake.created("\(directory)/\(name).ready", by: child), "\(name) ended before its gate")
            }
            // This process holds the lock as the gate opens, and lets go only once the kernel
            // shows both children blocked on it: their appends contend for the lock for certain.
            let lock = try #require(try FileLock.acquire(store.lockPath, wait: .never))
            try writeBytes([], to: gate)
            let pids = Set(children.map(\.processIdentifier))
            let bothWaiting = ChildHandshake.until(children[0]) {
                pids.isSubset(of: ChildHandshake.lockWaiters(store.lockPath))
            }
            lock.unlock()
            #expect(bothWaiting, "the children never waited for the lock together; the test did not exercise locking")
            for child in children {
                child.waitUntilExit()
                #expect(child.terminationReason == .exit)
                #expect(child.terminationStatus == 0)
            }
            let ledger = try store.load()
            #expect(ledger.count == 400)
            let indices = Self.indicesByPrefix(ledger)
            #expect(indices["alpha"] == Array(0..<200))
            #expect(indices["beta"] == Array(0..<200))
            #expect(try fileLines(directory + "/ledger.jsonl").count == 400)
        }
    }

    @Test func appendWaitsWhileAnotherProcessHoldsTheLock() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFile(directory: directory)
            let lock = try #require(try FileLock.acquire(store.lockPath, wait: .never))
            let child = try LedgerStress.start(directory: directory, count: 1, prefix: "blocked")
            // The kernel lists the child as blocked on this process's lock: it got as far as
            // the lock and stopped there, rather than being merely slow to start.
            let waiting = ChildHandshake.until(child) {
                ChildHandshake.lockWaiters(store.lockPath).contains(child.processIdentifier)
            }
            #expect(waiting, "the child never waited for the lock (it ended: \(!child.isRunning))")
            #expect(
                !FileManager.default.fileExists(atPath: store.ledgerPath), "the child wrote while the lock was held")
            lock.unlock()
            child.waitUntilExit()
            #expect(child.terminationStatus == 0)
            #expect(try store.load().transactions.map(\.id) == ["blocked-0"])
        }
    }

    @Test func processDyingMidLineLeavesWholeTransactionsAndAppendsStillWork() throws {
        try withTemporaryDirectory { directory in
            let child = try LedgerStress.start(directory: directory, count: 5, prefix: "crash", killDuringWrite: true)
            child.waitUntilExit()
            #expect(child.terminationReason == .exit)
            #expect(child.terminationStatus == 9)
            let store = LedgerFile(directory: directory)
            #expect(try fileBytes(store.ledgerPath).last != UInt8(ascii: "\n"))  // the torn line is there

            #expect(Self.indicesByPrefix(try store.load())["crash"] == Array(0..<5))

            // The lock died with the child, so this does not hang; the torn tail is cut off.
            try store.append(
                LedgerTransaction(id: "after-0", productID: "p", purchaseDate: Date(timeIntervalSince1970: 0)))
            let indices = Self.indicesByPrefix(try store.load())
            #expect(indices["crash"] == Array(0..<5))
            #expect(indices["after"] == [0])
            #expect(try fileLines(store.ledgerPath).count == 6)
        }
    }

    @Test func processKilledAtRandomMomentsNeverLeavesAnUnreadableLedger() throws {
        try withTemporaryDirectory { directory in
            var generator = SeededGenerator(seed: 0x1ED6E5)
            let store = LedgerFile(directory: directory)
            for round in 0..<6 {
                // Killed once it has appended a random number of lines: at whatever point of
                // an append it then is, and never before it started, however slow the machine.
                let linesBefore = ChildHandshake.lineCount(store.ledgerPath)
                let target = linesBefore + Int(generator.value(in: 1...40))
                let child = try LedgerStress.start(directory: directory, count: 1_000_000, prefix: "round\(round)")
                let appended = ChildHandshake.until(child) { ChildHandshake.lineCount(store.ledgerPath) >= target }
                kill(child.processIdentifier, SIGKILL)
                #expect(appended, "round \(round) ended before appending \(target - linesBefore) lines")
                child.waitUntilExit()
                #expect(child.terminationReason == .uncaughtSignal)

                let indices = Self.indicesByPrefix(try store.load())
                for finished in 0...round {
                    let recorded = indices["round\(finished)"] ?? []
                    #expect(recorded == Array(0..<recorded.count), "round \(finished) lost or reordered a transaction")
                }
            }
            let before = try store.load().count
            #expect(before > 0, "no child lived long enough to record anything; the test proved nothing")
            try store.append(
                LedgerTransaction(id: "after-0", productID: "p", purchaseDate: Date(timeIntervalSince1970: 0)))
            #expect(try store.load().count == before + 1)
            #expect(try fileBytes(store.ledgerPath).last == UInt8(ascii: "\n"))
        }
    }

    /// Starts one child per product, each buying it the way the app does, releases them all
    /// at once when every one is ready, and returns what each printed.
    static func buyAtOnce(_ products: [String], in directory: String) throws -> [String] {
        let gate = directory + "/go"
        let started = try products.enumerated().map { index, product in
            let output = Pipe()
            let child = try LedgerStress.start(
                directory: directory, prefix: "buyer\(index)",
                options: ["--buy", product, "--ready", directory + "/ready\(index)", "--wait-for", gate], output: output
            )
            return (child, output)
        }
        defer { for (child, _) in started where child.isRunning { child.terminate() } }
        // One barrier: the gate opens only once every child is waiting at it.
        for (index, (child, _)) in started.enumerated() {
            try #require(ChildHandshake.created(directory + "/ready\(index)", by: child), "buyer \(index) ended early")
        }
        try writeBytes([], to: gate)
        return started.map { child, output in
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            return printed.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func threeProcessesBuyingOneLifetimeProductAtOnceRecordItOnce() throws {
        try withTemporaryDirectory { directory in
            let answers = try Self.buyAtOnce(Array(repeating: "pro.lifetime", count: 3), in: directory)
            #expect(answers.filter { $0 == "saved" }.count == 1, "\(answers)")
            #expect(answers.filter { $0 == "refused: Already purchased" }.count == 2, "\(answers)")
            #expect(try LedgerFile(directory: directory).load().count == 1)
        }
    }

    @Test func threeProcessesBuyingPlansOfOneGroupAtOnceRecordOne() throws {
        try withTemporaryDirectory { directory in
            let answers = try Self.buyAtOnce(["pro.monthly", "pro.annual", "pro.monthly"], in: directory)
            #expect(answers.filter { $0 == "saved" }.count == 1, "\(answers)")
            #expect(answers.filter { $0 == "refused: You're currently subscribed" }.count == 2, "\(answers)")
            #expect(try LedgerFile(directory: directory).load().count == 1)
        }
    }

    @Test func aHeldLockAnswersBusyAtOnceInsteadOfWaiting() throws {
        try withTemporaryDirectory { directory in
            let store = LedgerFile(directory: directory)
            let lock = try #require(try FileLock.acquire(store.lockPath, wait: .never))
            defer { lock.unlock() }
            let purchase = LedgerTransaction(id: "x", productID: "p", purchaseDate: Date(timeIntervalSince1970: 0))
            let gate = PurchaseGate(catalog: LedgerFailurePointTests.gate.catalog, calendar: .current)
            #expect(try store.record(purchase, gate: gate, wait: .never) == .busy)
            // A sound ledger is read without the lock; a damaged one waits for it, to salvage.
            #expect(try store.load(wait: .never).isEmpty)
            try writeBytes(Array("garbage\n".utf8), to: store.ledgerPath)
            let error = try #require(throws: LedgerError.self) { try store.load(wait: .upTo(seconds: 0.05)) }
            #expect(error == .busy(lockPath: store.lockPath))
            #expect(error.description.contains("another tui-onboard kept the purchase ledger locked"))
        }
    }
}
