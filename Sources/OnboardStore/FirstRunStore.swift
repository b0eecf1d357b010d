import Foundation
import OnboardKit

/// The first-run state on disk: `<state dir>/state.json`, replaced atomically on each save.
///
/// A file that does not parse is moved to `state.corrupt-<time>.json` and reported with
/// `FirstRunStoreError.corrupt`, rather than crashing or being overwritten unseen.
public struct FirstRunStore: Sendable {
    public let directory: String
    /// The time used to name a moved-aside corrupt file.
    private let clock: @Sendable () -> Date

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clock = clock
    }

    public var statePath: String { POSIXFile.join(directory, "state.json") }
    public var lockPath: String { POSIXFile.join(directory, "state.lock") }

    /// The saved state; empty when nothing was saved yet.
    public func load() throws(FirstRunStoreError) -> FirstRunState {
        let lock = try acquireLock()
        defer { lock.unlock() }
        return try loadLocked()
    }

    /// Replaces the saved state.
    public func save(_ state: FirstRunState) throws(FirstRunStoreError) {
        let lock = try acquireLock()
        defer { lock.unlock() }
        try saveLocked(state)
    }

    /// Loads, changes and saves under one lock, so two instances finishing onboarding at once
    /// (for different apps) both keep their record. Returns the saved state.
    @discardableResult
    public func update(_ change: (inout FirstRunState) -> Void) throws(FirstRunStoreError) -> FirstRunState {
        let lock = try acquireLock()
        defer { lock.unlock() }
        var state = try loadLocked()
        change(&state)
        try saveLocked(state)
        return state
    }

    private func loadLocked() throws(FirstRunStoreError) -> FirstRunState {
        let data: Data
        do {
            guard let contents = try AtomicFile(path: statePath).read() else { return FirstRunState() }
            data = contents
        } catch {
            throw .io(error)
        }
        switch Self.decode(data) {
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

    private func saveLocked(_ state: FirstRunState) throws(FirstRunStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        var data: Data
        do {
            data = try encoder.encode(state)
        } catch {
            throw .unencodable(reason: String(describing: error))
        }
        data.append(UInt8(ascii: "\n"))
        do {
            try AtomicFile(path: statePath).write(data)
        } catch {
            throw .io(error)
        }
    }

    private func acquireLock() throws(FirstRunStoreError) -> FileLock {
        do {
            try StateDirectory.create(directory)
            return try FileLock(exclusive: lockPath)
        } catch {
            throw .io(error)
        }
    }

    /// Why a state file was rejected.
    struct Problem: Error, Equatable {
        var reason: String
    }

    /// The state in a file's bytes. Syntax errors are found by the core parser first, for a
    /// line:column to point at; then the structure is decoded.
    static func decode(_ data: Data) -> Result<FirstRunState, Problem> {
        do {
            _ = try JSONParser.parse(Array(data))
        } catch {
            return .failure(Problem(reason: "\(error.location): \(error.message)"))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return .success(try decoder.decode(FirstRunState.self, from: data))
        } catch {
            return .failure(Problem(reason: DecodingFailure.describe(error)))
        }
    }
}
