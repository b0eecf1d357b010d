import FoundationEssentials
import Glibc
import OnboardKit

/// The install id: 128 random bits, written as 32 lowercase hex digits, made once per state
/// directory (`<state dir>/install-id`) and read on every run that has experiments. The
/// experiments assign variants from it (`ExperimentAssignment`), so it must stay put.
///
/// It is made under a lock and written atomically, so two first runs at once end with one id.
/// A damaged file (anything but one id and a newline, a FIFO, a huge file) is moved aside as
/// `install-id.corrupt-<time>` and a new id made, which the caller says once.
public struct InstallIDFile: Sendable {
    public let directory: String
    private let clock: @Sendable () -> Date

    public init(directory: String, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.clock = clock
    }

    public var path: String { PathText.join(directory, "install-id") }
    public var lockPath: String { PathText.join(directory, "install-id.lock") }

    /// What reading the id found.
    public enum Origin: Hashable, Sendable {
        /// The file held a sound id.
        case kept
        /// There was no file: this id is new.
        case created
        /// The file was damaged (`reason`) and moved to `movedTo`: this id is new.
        case replaced(reason: String, movedTo: String)
    }

    /// The id, made with `makeID` (32 hex digits) when there is none or the file is damaged.
    /// A sound file is read without the lock; making one takes it, and reads again under it,
    /// so a process that lost the race uses the winner's id.
    public func load(makeID: () -> String = InstallIDFile.randomID) throws(FirstRunStateFileError) -> (
        id: String, origin: Origin
    ) {
        if case .sound(let id) = inspect() { return (id, .kept) }
        let lock = try FirstRunStateFile.acquireLock(lockPath, creating: directory)
        defer { lock.unlock() }
        var origin = Origin.created
        switch inspect() {
        case .sound(let id): return (id, .kept)
        case .missing: break
        case .failed(let failure): throw .io(failure)
        case .damaged(let reason):
            do {
                let movedTo = try CorruptFile.moveAside(path, stem: "install-id", extension: "txt", date: clock())
                origin = .replaced(reason: reason, movedTo: movedTo)
            } catch {
                throw .io(error)
            }
        }
        let id = makeID()
        do {
            try AtomicFile(path: path).write((id + "\n").utf8)
        } catch {
            throw .io(error)
        }
        return (id, origin)
    }

    private enum Inspection {
        case sound(String)
        case missing
        case damaged(reason: String)
        case failed(SystemCallError)
    }

    /// What the file holds now.
    private func inspect() -> Inspection {
        // A link would let whoever planted it choose the id (or point it at any file): it is
        // damage, moved aside like any other.
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return .damaged(reason: "it is a symbolic link")
        }
        let bytes: [UInt8]?
        do {
            bytes = try POSIXFile.readFile(path, limit: 64)
        } catch {
            switch error {
            case .system(let failure):
                return FirstRunStateFile.isUnreadable(failure)
                    ? .damaged(reason: "it cannot be read: \(failure.reason)") : .failed(failure)
            case .notRegular(_, let kind): return .damaged(reason: "it is \(kind), not a regular file")
            case .tooLarge: return .damaged(reason: "it is longer than an id")
            }
        }
        guard let bytes else { return .missing }
        let text = String(decoding: bytes, as: UTF8.self)
        guard Self.isID(text.hasSuffix("\n") ? String(text.dropLast()) : text) else {
            return .damaged(reason: "it does not hold an id of 32 hex digits")
        }
        return .sound(String(text.prefix(32)))
    }

    /// True for 32 lowercase hex digits.
    public static func isID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// 128 bits from the system's secure generator (getrandom), as 32 hex digits.
    public static func randomID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(zeroPadded: UInt8.random(in: 0...255, using: &generator), radix: 16, width: 2)
        }
        .joined()
    }
}
