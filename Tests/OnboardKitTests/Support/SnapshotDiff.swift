/// The lines where a snapshot and the text compared with it differ, numbered from 1, each as
/// the expected line then the actual one: what changed, without the lines that did not.
enum SnapshotDiff {
    static func describe(expected: String, actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var report: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let wanted = index < expectedLines.count ? expectedLines[index] : nil
            let got = index < actualLines.count ? actualLines[index] : nil
            guard wanted != got else { continue }
            report.append("line \(index + 1):")
            report.append("  expected: " + (wanted.map { "\($0)" } ?? "(no line)"))
            report.append("  actual:   " + (got.map { "\($0)" } ?? "(no line)"))
        }
        return report.joined(separator: "\n")
    }
}
