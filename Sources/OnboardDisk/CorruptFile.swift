import FoundationEssentials
import Glibc
import OnboardKit

/// Moves a damaged file aside under a dated name, so that nothing in it is lost and the next
/// start begins from a clean file.
enum CorruptFile {
    /// Renames `path` to `<directory>/<stem>.<label>-<UTC timestamp>[-n].<extension>` and returns
    /// the new path. A number is added when a file of that name exists already, so two
    /// corruptions in one second keep both copies. Callers hold the file's lock. The label is
    /// `corrupt` for damage, `reset` for a ledger the user asked to start afresh from.
    static func moveAside(
        _ path: String, stem: String, label: String = "corrupt", extension fileExtension: String, date: Date
    )
        throws(SystemCallError) -> String
    {
        let destination = freeName(beside: path, stem: stem, label: label, extension: fileExtension, date: date)
        try POSIXFile.rename(path, to: destination)
        try POSIXFile.syncDirectory(PathText.directory(of: path))
        return destination
    }

    /// Writes `bytes` (a damaged file's contents, as read) durably to a new dated name beside
    /// `path` and returns that name; `path` itself is left for the caller to replace. Written
    /// before the replacement, so a crash in between leaves both copies, never neither.
    static func preserve(
        _ bytes: [UInt8], of path: String, stem: String, label: String = "corrupt", extension fileExtension: String,
        date: Date
    ) throws(SystemCallError) -> String {
        let destination = freeName(beside: path, stem: stem, label: label, extension: fileExtension, date: date)
        try AtomicFile(path: destination).write(bytes)
        return destination
    }

    /// `<directory>/<stem>.<label>-<UTC timestamp>[-n].<extension>`, numbered past any file of
    /// that name already there.
    private static func freeName(
        beside path: String, stem: String, label: String = "corrupt", extension fileExtension: String, date: Date
    )
        -> String
    {
        let directory = PathText.directory(of: path)
        let base = "\(stem).\(label)-\(timestamp(date))"
        var destination = PathText.join(directory, "\(base).\(fileExtension)")
        var attempt = 2
        while POSIXFile.exists(destination) {
            destination = PathText.join(directory, "\(base)-\(attempt).\(fileExtension)")
            attempt += 1
        }
        return destination
    }

    /// `20250102T030405Z`: sortable, and free of characters that need quoting in a shell.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String { String(zeroPadded: value, width: width) }
        return pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2) + "Z"
    }
}
