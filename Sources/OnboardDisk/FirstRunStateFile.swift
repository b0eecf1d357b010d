import FoundationEssentials
import Glibc
import OnboardKit

/// The first-run state on disk: `<state dir>/state.json`, replaced atomically on each save.
///
/// A file that does not parse is moved to `state.corrupt-<time>.json` and reported with
/// `FirstRunStateFileError.corrupt`, rather than crashing or being overwritten unseen.
public struct FirstRunStateFile: Sendable {
    public let directory: String
    /// The time used to name a moved-aside corrupt file.
    private let clock: @Sendable () -> Date

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clock = clock
    }

    /// The state holds a few lines per app; anything larger was not written by a save.
    public static let maximumSize = 1024 * 1024

    public var statePath: String { PathText.join(directory, "state.json") }
    public var lockPath: String { PathText.join(directory, "state.lock") }

    /// The saved state; empty when nothing was saved yet.
    ///
    /// A sound file is read without the lock (saves replace it by rename, so a reader sees the
    /// old state or the new, never a mixture): reading works while another instance holds the
    /// lock, and in a directory this process cannot write. Only a damaged file waits for the
    /// lock, to be moved aside under it.
    public func load() throws(FirstRunStateFileError) -> FirstRunState {
        if let state = try readIfSound() { return state }
        let lock = try acquireLock()
        defer { lock.unlock() }
        return try loadLocked()
    }

    /// The state when the file is missing or sound; nil when it is damaged or not a file.
    private func readIfSound() throws(FirstRunStateFileError) -> FirstRunState? {
        let contents: [UInt8]?
        do {
            contents = try POSIXFile.readFile(statePath, limit: Self.maximumSize)
        } catch {
            if case .system(let failure) = error, !Self.isUnreadable(failure) { throw .io(failure) }
            return nil
        }
        guard let contents else { return FirstRunState() }
        return try? Self.decode(Data(contents)).get()
    }

    /// Replaces the saved state.
    public func save(_ state: FirstRunState) throws(FirstRunStateFileError) {
        let lock = try acquireLock()
        defer { lock.unlock() }
        try saveLocked(state)
    }

    /// Loads, changes and saves under one lock, so two instances finishing onboarding at once
    /// both keep their record. Returns the saved state.
    @discardableResult
    public func update(_ change: (inout FirstRunState) -> Void) throws(FirstRunStateFileError) -> FirstRunState {
        try update { (state: inout FirstRunState) -> Bool in
            change(&state)
            return true
        }
    }

    /// Loads and changes under one lock, and saves only when `change` says it changed
    /// something. Returns the state as it now stands.
    @discardableResult
    public func update(_ change: (inout FirstRunState) -> Bool) throws(FirstRunStateFileError) -> FirstRunState {
        let lock = try acquireLock()
        defer { lock.unlock() }
        var state = try loadLocked()
        if change(&state) { try saveLocked(state) }
        return state
    }

    private func loadLocked() throws(FirstRunStateFileError) -> FirstRunState {
        var outcome: Result<FirstRunState, Problem>
        do {
            guard let contents = try POSIXFile.readFile(statePath, limit: Self.maximumSize) else {
                return FirstRunState()
            }
            outcome = Self.decode(Data(contents))
        } catch {
            // A file this process may not read is set aside like damage: the tour must not
            // stop over it, nor come back on every start.
            if case .system(let failure) = error, Self.isUnreadable(failure) {
                outcome = .failure(Problem(reason: "it cannot be read: \(failure.reason)"))
            } else {
                do {
                    outcome = .failure(try Self.problem(with: error))
                } catch {
                    throw .io(error)
                }
            }
        }
        switch outcome {
        case let .success(state):
            return state
        case let .failure(problem):
            let movedTo: String
            do {
                movedTo = try CorruptFile.moveAside(statePath, stem: "state", extension: "json", date: clock())
            } catch {
                throw .io(error)
            }
            throw .corrupt(path: statePath, reason: problem.reason, movedTo: movedTo)
        }
    }

    private func saveLocked(_ state: FirstRunState) throws(FirstRunStateFileError) {
        do {
            try AtomicFile(path: statePath).write(state.jsonText().utf8)
        } catch {
            throw .io(error)
        }
    }

    private func acquireLock() throws(FirstRunStateFileError) -> FileLock {
        try Self.acquireLock(lockPath, creating: directory)
    }

    /// Creates `directory` and takes the lock at `lockPath`, waiting for another process that
    /// holds it: how every file of the state directory is written (`InstallIDFile` too).
    static func acquireLock(_ lockPath: String, creating directory: String) throws(FirstRunStateFileError)
        -> FileLock
    {
        let lock: FileLock?
        do {
            try StateDirectory.create(directory)
            lock = try FileLock.acquire(lockPath, wait: .patiently)
        } catch {
            throw .io(error)
        }
        guard let lock else { throw .busy(lockPath: lockPath) }
        return lock
    }

    /// A read that failed because of the file itself (its permissions, a bad block), not the
    /// directory: such a file is set aside.
    static func isUnreadable(_ failure: SystemCallError) -> Bool {
        failure.code == EACCES || failure.code == EPERM || failure.code == EIO
    }

    /// Why a state file was rejected.
    struct Problem: Error, Equatable {
        var reason: String
    }

    /// Why a path is no state file a save could have written: a FIFO or device, or a file over
    /// the size limit. A failed system call, which is not the file's fault, is thrown instead.
    static func problem(with failure: FileReadFailure) throws(SystemCallError) -> Problem {
        switch failure {
        case .system(let failure): throw failure
        case .notRegular(_, let kind): return Problem(reason: "it is \(kind), not a regular file")
        case .tooLarge(_, let size, let limit):
            return Problem(reason: "it is \(ByteCount.overLimit(size, limit: limit))")
        }
    }

    /// The state in a file's bytes. Syntax errors come with a line:column; then the structure
    /// is read from the parsed tree (no JSONDecoder: this is every launch's path).
    static func decode(_ data: Data) -> Result<FirstRunState, Problem> {
        let root: JSONNode
        do {
            root = try JSONParser.parse(Array(data))
        } catch {
            return .failure(Problem(reason: "\(error.location): \(error.message)"))
        }
        do {
            return .success(try FirstRunState(json: root))
        } catch {
            return .failure(Problem(reason: error.description))
        }
    }
}
