import Glibc
import OnboardKit

/// The licenses a user has added, one file each in the state directory's `licenses/` (0700),
/// written atomically with mode 0600. Files are stored exactly as given and verified again at
/// every read, so a file changed on disk grants nothing.
public struct LicenseStore: Sendable {
    public static let folderName = "licenses"
    public static let fileExtension = ".license"
    /// More files than any user has; a directory stuffed with files cannot slow `has` for long.
    public static let maximumFiles = 256

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

    /// The file name a license id is stored under: its letters, digits, `.`, `-` and `_`, every
    /// other byte as `%XX`, so no id can name a path outside the folder.
    public static func fileName(for licenseID: String) -> String {
        var name = ""
        for byte in licenseID.utf8.prefix(128) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                name.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where !name.isEmpty:
                name.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                name += "%" + String(zeroPadded: byte, radix: 16, width: 2, uppercase: true)
            }
        }
        return name + fileExtension
    }

    public func path(for licenseID: String) -> String { PathText.join(directory, Self.fileName(for: licenseID)) }

    /// Stores `bytes` as the license `licenseID`, replacing an earlier copy of the same license.
    public func add(_ bytes: [UInt8], licenseID: String) throws(SystemCallError) {
        try StateDirectory.create(directory)
        try AtomicFile(path: path(for: licenseID)).write(bytes)
    }

    /// Removes the license `licenseID`; false when no such file is stored.
    public func remove(licenseID: String) throws(SystemCallError) -> Bool {
        let target = path(for: licenseID)
        guard unlink(target) == 0 else {
            if errno == ENOENT { return false }
            throw .current("remove", target)
        }
        try POSIXFile.syncDirectory(directory)
        return true
    }

    /// Every stored license file, in name order. A missing folder holds none; anything that is
    /// not a regular file (a link to a FIFO, a directory) is listed with its failure, never read.
    public func entries() -> [Entry] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder), names.count < Self.maximumFiles {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(Self.fileExtension) && !name.hasPrefix(".") { names.append(name) }
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
