import FoundationEssentials
import Glibc
import OnboardKit

/// The purchase ledger on disk: `<state dir>/ledger.jsonl`, an append-only log of checksummed
/// JSON lines, and `ledger.commit`, the record of how much of it is committed.
///
/// - A purchase is appended and synced, then committed by replacing the record (see
///   `LedgerCommit`). Readers count only committed bytes, so nobody counts a purchase before it
///   is durable, and a line left by a failed append (even one whose cut-back failed too) never
///   counts; the next append cuts it off, keeping any whole lines of it aside first.
/// - A process killed mid-append leaves an uncommitted or torn tail, which is ignored the same
///   way. A ledger without a record (written before records existed) counts every whole line.
/// - Any other bad line is damage: the original is preserved as `ledger.corrupt-<time>.jsonl`,
///   the lines whose checksums hold are written to a new ledger, and `LedgerError.damaged` says
///   so. A damaged ledger is never quietly replaced.
/// - Every append holds `flock` on `<state dir>/ledger.lock`; `record` decides whether a
///   purchase may happen and writes it under that one lock, so two processes cannot sell the
///   same thing twice. Reading takes no lock.
public struct LedgerFile: Sendable {
    /// The largest ledger read: far above any real one (a line is about 200 to 300 bytes).
    public static let maximumSize = 64 * 1024 * 1024
    /// The largest ledger written: about 60,000 purchases, read in well under a second
    /// (`make bench`, "ledger"), so that no reader ever hangs on a ledger tui-onboard wrote.
    /// Larger ones, written by hand, are still read, slowly.
    public static let writeLimit = 16 * 1024 * 1024

    public let directory: String
    /// The time used to name a preserved damaged ledger.
    private let clock: @Sendable () -> Date

    /// The most this store writes; `writeLimit` but for tests.
    let appendLimit: Int

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(directory: directory, clock: clock, appendLimit: Self.writeLimit)
    }

    init(directory: String, clock: @escaping @Sendable () -> Date, appendLimit: Int) {
        self.directory = directory
        self.clock = clock
        self.appendLimit = appendLimit
    }

    public var ledgerPath: String { PathText.join(directory, "ledger.jsonl") }
    public var lockPath: String { PathText.join(directory, "ledger.lock") }
    public var commitPath: String { PathText.join(directory, "ledger.commit") }

    /// Every committed transaction; empty when no ledger exists yet.
    ///
    /// Reading needs no lock: what is in flight is not committed yet, and a salvage replaces
    /// files by renames. Only a damaged ledger waits for the lock (up to `wait`, else `.busy`),
    /// to be salvaged under it. When the lock cannot be had because the state directory is
    /// not writable, a sound ledger is still read; a damaged one is reported, left as it is.
    public func load(wait: LockWait = .patiently) throws(LedgerError) -> Ledger {
        // Made now so that it can be watched for purchases of other instances; a directory that
        // cannot be made is reported by the first purchase, not here.
        try? StateDirectory.create(directory)
        let unlocked = try readUnlocked().parsed
        if case .success(let contents) = unlocked { return Ledger(contents.transactions) }
        let lock: FileLock
        do {
            lock = try acquireLock(wait: wait)
        } catch {
            if case .io(let failure) = error, Self.meansNotWritable(failure.code), case .failure(let damage) = unlocked
            {
                throw .damagedInPlace(path: ledgerPath, line: damage.line, reason: damage.reason, because: failure)
            }
            throw error
        }
        defer { lock.unlock() }
        return Ledger(try readLocked().transactions)
    }

    /// Records one transaction durably: when this returns, the line is synced and committed.
    public func append(_ transaction: LedgerTransaction, wait: LockWait = .patiently) throws(LedgerError) {
        try append(contentsOf: [transaction], wait: wait)
    }

    /// Records several transactions with one lock and one commit: all of them or none count.
    public func append(contentsOf transactions: [LedgerTransaction], wait: LockWait = .patiently)
        throws(LedgerError)
    {
        var lines: [UInt8] = []
        for transaction in transactions { lines += try LedgerLine.encode(transaction) }
        let lock = try acquireLock(wait: wait)
        defer { lock.unlock() }
        try appendLocked(lines, after: try readLocked(decodingTransactions: false))
    }

    /// Reads the ledger, asks `gate` whether `transaction` may be recorded on top of it, and
    /// appends and commits it if so: all under one lock, so that what was checked is what the
    /// transaction is written after. By default it does not wait for a lock another process
    /// holds: it answers `.busy`, and the caller asks again later.
    ///
    /// Throws `.unconfirmed` with the new ledger when the purchase was committed (every reader
    /// counts it) but the disk did not confirm that the commit will survive a power cut.
    public func record(_ transaction: LedgerTransaction, gate: PurchaseGate, wait: LockWait = .never)
        throws(LedgerError) -> RecordResult
    {
        let line = try LedgerLine.encode(transaction)
        guard let lock = try tryLock(wait: wait) else { return .busy }
        defer { lock.unlock() }
        let contents = try readLocked()
        var ledger = Ledger(contents.transactions)
        if let refusal = gate.refusal(of: transaction, in: ledger) { return .refused(refusal, ledger) }
        ledger.append(transaction)
        do throws(LedgerError) {
            try appendLocked(line, after: contents)
        } catch {
            if case .unconfirmed(let failure, _) = error { throw .unconfirmed(failure, ledger) }
            throw error
        }
        return .saved(ledger)
    }

    /// Writes only the first `keepingBytes` of the transaction's line, then calls `die` while
    /// still holding the lock: what a process killed mid-append leaves behind. For crash tests.
    @_spi(CrashTesting)
    public func appendTorn(_ transaction: LedgerTransaction, keepingBytes: Int, thenDie die: () -> Never)
        throws(LedgerError) -> Never
    {
        let line = try LedgerLine.encode(transaction)
        let kept = min(max(keepingBytes, 1), line.count - 1)
        let lock = try acquireLock(wait: .patiently)
        defer { lock.unlock() }
        try appendLocked(
            Array(line[0..<kept]), after: try readLocked(decodingTransactions: false), beforeSync: { die() })
        preconditionFailure("appendTorn: the die closure returned")
    }

    // MARK: Under the lock

    /// What a reader sees: the commit record, then the ledger's bytes, read in that order (a
    /// writer commits after appending, so the bytes hold at least what the record covers).
    struct Snapshot {
        var commit: CommitReading
        var bytes: [UInt8]
        /// `identity(of:)` of the ledger, taken before its bytes were read.
        var ledgerIdentity: [Int64]
        var parsed: Result<Contents, Damage>
    }

    /// Reads a snapshot. One that looks damaged is read again (up to three reads in all) only
    /// when the record or the ledger was replaced meanwhile, as a salvage in another process
    /// replaces one after the other; damage that stays put is reported after one read.
    func readUnlocked(decodingTransactions: Bool = true) throws(LedgerError) -> Snapshot {
        var snapshot = try readSnapshot(decodingTransactions: decodingTransactions)
        for _ in 0..<2 {
            guard case .failure = snapshot.parsed else { break }
            guard try readCommit() != snapshot.commit || Self.identity(of: ledgerPath) != snapshot.ledgerIdentity
            else { break }
            snapshot = try readSnapshot(decodingTransactions: decodingTransactions)
        }
        return snapshot
    }

    /// The inode, size and change time of a file: what a replacement by rename or an append
    /// changes (the size too, as the clock may not have ticked between two writes). Empty when
    /// there is none.
    static func identity(of path: String) -> [Int64] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        return [
            Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size),
            Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
        ]
    }

    private func readSnapshot(decodingTransactions: Bool) throws(LedgerError) -> Snapshot {
        let commit: CommitReading
        do throws(LedgerError) {
            commit = try readCommit()
        } catch .io(let failure) where failure.code == ENOTDIR {
            throw .io(SystemCallError(operation: "use as a directory", path: directory, code: ENOTDIR))
        }
        let ledgerIdentity = Self.identity(of: ledgerPath)
        let file = try readBytes()
        let bytes = file ?? []
        // No ledger counts as empty whatever the record says: a reset moved it aside.
        let reading = file == nil ? .absent : commit
        return Snapshot(
            commit: commit, bytes: bytes, ledgerIdentity: ledgerIdentity,
            parsed: Self.parse(bytes, commit: reading, decodingTransactions: decodingTransactions))
    }

    /// The ledger's contents as parsed; a damaged ledger is salvaged and reported.
    func readLocked(decodingTransactions: Bool = true) throws(LedgerError) -> Contents {
        let snapshot = try readSnapshot(decodingTransactions: decodingTransactions)
        switch snapshot.parsed {
        case .success(let contents): return contents
        case .failure(let damage): throw try salvage(snapshot, damage: damage)
        }
    }

    /// The ledger file's bytes, nil when there is none.
    private func readBytes() throws(LedgerError) -> [UInt8]? {
        do {
            return try POSIXFile.readFile(ledgerPath, limit: Self.maximumSize)
        } catch {
            if case .system(let failure) = error { throw .io(failure) }
            throw .unreadable(error)
        }
    }

    private func readCommit() throws(LedgerError) -> CommitReading {
        do {
            guard let bytes = try POSIXFile.readFile(commitPath, limit: 4096) else { return .absent }
            return LedgerCommit.decode(bytes).map(CommitReading.record) ?? .damaged
        } catch {
            if case .system(let failure) = error { throw .io(failure) }
            return .damaged
        }
    }

    /// Writes `lines` after the committed part of the ledger and commits them.
    ///
    /// First the record is brought up to date with the file (a ledger from before records, or
    /// one a reset moved aside, gets one before anything is appended, so no reader ever counts
    /// uncommitted bytes); an uncommitted tail is cut off. If the write or sync fails, the file
    /// is cut back, and whether or not that works, nothing counts: the record was not replaced.
    func appendLocked(_ lines: [UInt8], after contents: Contents, beforeSync: () -> Void = {})
        throws(LedgerError)
    {
        var contents = contents
        guard contents.wholeLength + lines.count + 1 <= appendLimit else {
            throw .full(path: ledgerPath, size: contents.wholeLength, limit: appendLimit)
        }
        do throws(SystemCallError) {
            if contents.lacksFinalNewline {
                // Ended first, so that the record can point at a line's end.
                let descriptor = try POSIXFile.open(ledgerPath, flags: O_WRONLY | O_APPEND | O_NOFOLLOW)
                defer { POSIXFile.close(descriptor) }
                try POSIXFile.writeAll(descriptor, [LedgerLine.newline], path: ledgerPath)
                try POSIXFile.sync(descriptor, path: ledgerPath)
                contents.wholeLength += 1
                contents.lacksFinalNewline = false
            }
            // Before any byte that must not count yet is written, and before a ledger is created.
            if contents.recordedCommit != contents.committed { try writeCommit(contents.committed) }
            let (descriptor, created) = try openForAppend()
            defer { POSIXFile.close(descriptor) }
            let kept = contents.wholeLength
            if contents.tornTailLength > 0 {
                if contents.uncommittedLines > 0 { try keepUncommittedTail(descriptor, from: kept) }
                try POSIXFile.truncate(descriptor, to: kept, path: ledgerPath)
            }
            do throws(SystemCallError) {
                try POSIXFile.writeAll(descriptor, lines, path: ledgerPath)
                beforeSync()
                try POSIXFile.sync(descriptor, path: ledgerPath)
                if created { try POSIXFile.syncDirectory(directory) }
                var record = LedgerCommit.describing(lines, length: lines.count)
                record.length += kept
                try writeCommit(record)
            } catch {
                try? POSIXFile.truncate(descriptor, to: kept, path: ledgerPath)
                throw error
            }
        } catch {
            throw .io(error)
        }
        do throws(SystemCallError) {
            try POSIXFile.syncDirectory(directory)
        } catch {
            throw .unconfirmed(error, Ledger())
        }
    }

    /// Replaces the commit record: written and synced beside it, then renamed over it. The
    /// rename is the commit; the directory sync that makes it durable is the caller's.
    private func writeCommit(_ record: LedgerCommit) throws(SystemCallError) {
        let file = AtomicFile(path: commitPath)
        file.removeAbandonedTemporaries()
        let temporary = try file.writeTemporary(record.encoded)
        do {
            try POSIXFile.rename(temporary, to: commitPath)
        } catch {
            _ = unlink(temporary)
            throw error
        }
    }

    /// Saves the whole lines after the committed part, never counted, as
    /// `ledger.uncommitted-<time>.jsonl` before they are cut: an older tui-onboard that knows
    /// no record may have written them.
    private func keepUncommittedTail(_ descriptor: Int32, from offset: Int) throws(SystemCallError) {
        let size = try POSIXFile.size(descriptor, path: ledgerPath)
        let tail = try POSIXFile.read(descriptor, count: size - offset, at: offset, path: ledgerPath)
        _ = try CorruptFile.preserve(
            tail, of: ledgerPath, stem: "ledger", label: "uncommitted", extension: "jsonl", date: clock())
    }

    /// Keeps every line whose checksum holds: the original is preserved under a dated name,
    /// then a new ledger of the good lines replaces it, record first. Returns the error that
    /// tells the user.
    ///
    /// Of a ledger whose record holds, the lines after it are left out: they never counted.
    /// The record goes first so that a salvage cut short leaves the damaged ledger with a
    /// record that does not describe it, which is salvaged again.
    private func salvage(_ snapshot: Snapshot, damage: Damage) throws(LedgerError) -> LedgerError {
        var source = snapshot.bytes[...]
        if case .record(let record) = snapshot.commit, record.matches(snapshot.bytes) {
            source = source[..<record.length]
        }
        var kept: [UInt8] = []
        var keptCount = 0
        var dropped = 0
        for line in source.split(separator: LedgerLine.newline, omittingEmptySubsequences: true) {
            if Self.isBlank(line) { continue }
            let whole = Self.wholeLines(in: line)
            for piece in whole {
                kept += piece
                kept.append(LedgerLine.newline)
            }
            keptCount += whole.count
            if whole.isEmpty { dropped += 1 }
        }
        do {
            let preserved = try CorruptFile.preserve(
                snapshot.bytes, of: ledgerPath, stem: "ledger", extension: "jsonl", date: clock())
            try writeCommit(LedgerCommit.describing(kept, length: kept.count))
            try AtomicFile(path: ledgerPath).write(kept)
            return .damaged(
                path: ledgerPath, line: damage.line, reason: damage.reason,
                salvage: LedgerSalvage(kept: keptCount, dropped: dropped, preservedAt: preserved))
        } catch {
            throw .io(error)
        }
    }

    /// The lines whose checksums hold in one damaged line. Usually none; but when the newline
    /// between two lines was changed, both are in it whole. A line's opening bytes cannot occur
    /// inside another line (JSON escapes its quotes), so each one starts a candidate.
    static func wholeLines(in line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        if case .success = LedgerLine.decode(line) { return [line] }
        var starts: [Int] = []
        var index = line.startIndex
        while index + LedgerLine.prefix.count <= line.endIndex {
            if line[index..<(index + LedgerLine.prefix.count)].elementsEqual(LedgerLine.prefix) {
                starts.append(index)
                index += LedgerLine.prefix.count
            } else {
                index += 1
            }
        }
        var found: [ArraySlice<UInt8>] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : line.endIndex
            // The piece up to the next line's start, with or without the byte that replaced
            // the newline.
            for candidate in [line[start..<end], line[start..<max(start, end - 1)]] {
                if case .success = LedgerLine.decode(candidate) {
                    found.append(candidate)
                    break
                }
            }
        }
        return found
    }

    private func acquireLock(wait: LockWait) throws(LedgerError) -> FileLock {
        guard let lock = try tryLock(wait: wait) else { throw .busy(lockPath: lockPath) }
        return lock
    }

    func tryLock(wait: LockWait) throws(LedgerError) -> FileLock? {
        do {
            try StateDirectory.create(directory)
            return try FileLock.acquire(lockPath, wait: wait)
        } catch {
            throw .io(error)
        }
    }

    /// Errors that say the state directory cannot be written, so nothing can be repaired there.
    static func meansNotWritable(_ code: Int32) -> Bool {
        code == EACCES || code == EPERM || code == EROFS
    }

    /// Opens the ledger for appending and tells whether this call created it, since a new file
    /// also needs its directory entry synced.
    private func openForAppend() throws(SystemCallError) -> (descriptor: Int32, created: Bool) {
        do {
            return (try POSIXFile.open(ledgerPath, flags: O_RDWR | O_APPEND | O_CREAT | O_EXCL), true)
        } catch  where error.code == EEXIST {
            // Never through a link planted in the state directory.
            return (try POSIXFile.open(ledgerPath, flags: O_RDWR | O_APPEND | O_NOFOLLOW), false)
        }
    }
}
