import Foundation
import Testing

/// Compares text with a stored snapshot in `Tests/OnboardKitTests/__Snapshots__/<name>.txt`.
/// With `RECORD_SNAPSHOTS=1` in the environment the snapshot is (re)written instead, and the
/// test records an issue so that a recording run never passes silently.
func assertSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let testsDirectory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    var directory = testsDirectory
    while directory.lastPathComponent != "OnboardKitTests" && directory.path != "/" {
        directory = directory.deletingLastPathComponent()
    }
    let snapshotURL = directory.appendingPathComponent("__Snapshots__").appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let existing = try? String(contentsOf: snapshotURL, encoding: .utf8)
    if recording || existing == nil {
        try? FileManager.default.createDirectory(
            at: snapshotURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (text + "\n").write(to: snapshotURL, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); review it and run again", sourceLocation: sourceLocation)
        return
    }
    let expected = existing!.hasSuffix("\n") ? String(existing!.dropLast()) : existing!
    if expected != text {
        let differences = SnapshotDiff.describe(expected: expected, actual: text)
        Issue.record(
            "snapshot \(name) differs (RECORD_SNAPSHOTS=1 rewrites it):\n\(differences)", sourceLocation: sourceLocation
        )
    }
}

/// Frames canvas lines with a border so trailing blanks and the edges are visible in snapshots.
func framed(_ lines: [String], width: Int) -> String {
    var rows = ["+" + String(repeating: "-", count: width) + "+"]
    for line in lines {
        var padded = line
        var columns = 0
        for grapheme in line { columns += OnboardKitWidth.of(grapheme) }
        padded += String(repeating: " ", count: max(0, width - columns))
        rows.append("|" + padded + "|")
    }
    rows.append("+" + String(repeating: "-", count: width) + "+")
    return rows.joined(separator: "\n")
}
