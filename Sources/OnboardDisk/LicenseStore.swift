import Glibc
import OnboardKit
import OnboardSignature

/// The licenses a user has added, one file each in the state directory's `licenses/` (0700),
/// written atomically with mode 0600. Files are stored exactly as given and verified again at
/// every read, so a file changed on disk grants nothing.
///
/// A file is named after the whole license id (`LicenseFileName`), so two licenses are one
/// file only when their ids are equal. Files named by earlier versions, after the id's first
/// 128 bytes, are still read, and replaced or removed by the id they hold.
public struct LicenseStore: Sendable {
    public static let folderName = "licenses"
    public static let fileExtension = LicenseFileName.fileExtension

    public let directory: String

    public init(stateDirectory: String) {
        directory = PathText.join(stateDirectory, Self.folderName)
    }

    /// One stored file: its path, and its bytes, or why they could not be read.
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var problem: String?
    }

    public func path(for licenseID: String) -> String {
        PathText.join(directory, LicenseFileName.name(for: licenseID))
    }

    /// Stores `bytes` as the license `licenseID`, replacing an earlier copy of the same license
    /// (under an earlier version's name too).
    public func add(_ bytes: [UInt8], licenseID: String) throws(SystemCallError) {
        try StateDirectory.create(directory)
        try AtomicFile(path: path(for: licenseID)).write(bytes)
        _ = try removeEarlierName(of: licenseID)
    }

    /// Removes the license `licenseID`; false when no such file is stored.
    public func remove(licenseID: String) throws(SystemCallError) -> Bool {
        let target = path(for: licenseID)
        var removed = true
        if unlink(target) != 0 {
            guard errno == ENOENT else { throw .current("remove", target) }
            removed = false
        }
        if try removeEarlierName(of: licenseID) { removed = true }
        if removed { try POSIXFile.syncDirectory(directory) }
        return removed
    }

    /// Removes the file an earlier version stored `licenseID` under, when its name differs
    /// from today's and the license in it is `licenseID` itself: another id that begins with
    /// the same 128 bytes had the same name then.
    private func removeEarlierName(of licenseID: String) throws(SystemCallError) -> Bool {
        let earlier = LicenseFileName.earlierName(for: licenseID)
        guard earlier != LicenseFileName.name(for: licenseID) else { return false }
        let path = PathText.join(directory, earlier)
        guard let bytes = try? POSIXFile.readRegularFile(path, limit: LicenseVerifier.maximumSize),
            case .success(let reader) = LicenseReader.read(bytes), (try? reader.license.get())?.id == licenseID
        else { return false }
        guard unlink(path) == 0 || errno == ENOENT else { throw .current("remove", path) }
        return true
    }

    /// Every stored license file, in name order. A missing folder holds none; anything that is
    /// not a regular file (a link to a FIFO, a directory) is listed with its failure, never read.
    public func entries() -> [Entry] {
        let names = POSIXFile.names(in: directory).filter {
            $0.hasSuffix(Self.fileExtension) && !$0.hasPrefix(".")
        }
        return names.sorted().map { name in
            let path = PathText.join(directory, name)
            do throws(POSIXFile.RegularFileFailure) {
                let bytes = try POSIXFile.readRegularFile(path, limit: LicenseVerifier.maximumSize)
                return Entry(path: path, bytes: bytes, problem: nil)
            } catch {
                let problem: String
                switch error {
                case .missing: problem = "removed while being read"
                case .notRegular(let kind): problem = "\(kind), not a regular file"
                case .tooLarge(let size):
                    problem = "\(size) bytes, over the \(LicenseVerifier.maximumSize / 1024) KiB a license may be"
                case .system(let failure): problem = failure.description
                }
                return Entry(path: path, bytes: [], problem: problem)
            }
        }
    }
}
