import Glibc
import OnboardKit
import OnboardSignature

/// The licenses a user has added, one file each in the state directory's `licenses/` (0700),
/// written atomically with mode 0600. Files are stored exactly as given and verified again at
/// every read, so a file changed on disk grants nothing.
///
/// An encrypted file (keygen.sh's `aes-256-gcm+ed25519`) keeps its license key beside it, in
/// `<name>.key` (0600), so later reads open it; the key is written before the file and removed
/// with it. A file is named after the whole license id (`LicenseFileName`), so two licenses are one
/// file only when their ids are equal. Files named by earlier versions, after the id's first
/// 128 bytes, are still read, and replaced or removed by the id they hold.
public struct LicenseStore: Sendable {
    public static let folderName = "licenses"
    public static let fileExtension = LicenseFileName.fileExtension
    public static let keyExtension = ".key"
    /// Longer than any license key keygen.sh issues.
    static let maximumKeySize = 4096

    public let directory: String

    public init(stateDirectory: String) {
        directory = PathText.join(stateDirectory, Self.folderName)
    }

    /// One stored file: its path, and its bytes, or why they could not be read.
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var problem: String?
        /// The license key stored beside an encrypted file.
        public var licenseKey: String?
    }

    public func path(for licenseID: String) -> String {
        PathText.join(directory, LicenseFileName.name(for: licenseID))
    }

    /// Where the license key of the file at `licensePath` is kept.
    public static func keyPath(forLicenseAt licensePath: String) -> String {
        String(licensePath.dropLast(fileExtension.count)) + keyExtension
    }

    /// Stores `bytes` as the license `licenseID`, replacing an earlier copy of the same license
    /// (under an earlier version's name too), with `licenseKey` beside it when the file is
    /// encrypted; a key left from an earlier, unencrypted copy is removed.
    public func add(_ bytes: [UInt8], licenseID: String, licenseKey: String? = nil) throws(SystemCallError) {
        try StateDirectory.create(directory)
        let target = path(for: licenseID)
        let keyPath = Self.keyPath(forLicenseAt: target)
        if let licenseKey {
            try AtomicFile(path: keyPath).write(Array(licenseKey.utf8))
        }
        try AtomicFile(path: target).write(bytes)
        if licenseKey == nil { try removeIfPresent(keyPath) }
        _ = try removeEarlierName(of: licenseID)
    }

    private func removeIfPresent(_ path: String) throws(SystemCallError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .current("remove", path) }
    }

    /// Removes the license `licenseID`; false when no such file is stored.
    public func remove(licenseID: String) throws(SystemCallError) -> Bool {
        let target = path(for: licenseID)
        var removed = true
        if unlink(target) != 0 {
            guard errno == ENOENT else { throw .current("remove", target) }
            removed = false
        }
        try removeIfPresent(Self.keyPath(forLicenseAt: target))
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
                return Entry(path: path, bytes: bytes, problem: nil, licenseKey: storedKey(forLicenseAt: path))
            } catch {
                let problem: String
                switch error {
                case .missing: problem = "removed while being read"
                case .notRegular(let kind): problem = "\(kind), not a regular file"
                case .tooLarge(let size):
                    problem = "\(size) bytes, over the \(LicenseVerifier.maximumSize / 1024) KiB a license may be"
                case .system(let failure): problem = failure.description
                }
                return Entry(path: path, bytes: [], problem: problem, licenseKey: nil)
            }
        }
    }

    /// The key kept beside the license at `path`; nil when there is none or it cannot be read
    /// (the file then says it is encrypted when verified).
    private func storedKey(forLicenseAt path: String) -> String? {
        guard
            let bytes = try? POSIXFile.readRegularFile(Self.keyPath(forLicenseAt: path), limit: Self.maximumKeySize),
            !bytes.isEmpty
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
