import Foundation
import Testing

/// What can be checked of the Homebrew formula without Homebrew: it is filled in for the
/// tarball beside it (version, SHA-256, file name), and every file or pattern its `install`
/// takes is one the tarball holds.
enum FormulaCheck {
    static func expectInstallsOnlyWhatTheTarballHolds(formula: String, tarball: String, members: Set<String>) throws {
        let text = try String(contentsOfFile: formula, encoding: .utf8)
        let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            .joined(separator: "\n")
        #expect(!code.contains("@"), "placeholders left in the formula")
        let version = try InstalledProgram.version()
        #expect(code.contains("version \"\(version)\""))
        let sum = try CommandRunner.run("/usr/bin/env", ["sha256sum", tarball]).standardOutput.prefix(64)
        #expect(code.contains("sha256 \"\(sum)\""))
        #expect(code.contains("/\(URL(fileURLWithPath: tarball).lastPathComponent)\""), "the url names the tarball")

        let install = try #require(code.range(of: "def install")).upperBound
        let body = String(code[install...]).components(separatedBy: "test do")[0]
        let quoted = matches(of: ##""([^"#]+)""##, in: body)
        let globs = Set(matches(of: #"Dir\["([^"]+)"\]"#, in: body))
        #expect(!quoted.isEmpty)
        for path in quoted {
            if globs.contains(path) {
                #expect(members.contains { fnmatch(path, $0, FNM_PATHNAME) == 0 }, "Dir[\"\(path)\"] matches nothing")
            } else if path.contains("/") || path.contains(".") {
                #expect(members.contains(path), "the formula installs \(path), which the tarball lacks")
            }
        }
        // And what the tarball holds for users is installed: every catalog, man page and completion.
        for member in members where member.hasPrefix("share/") && !member.hasSuffix("/") {
            let taken =
                quoted.contains { fnmatch($0, member, FNM_PATHNAME) == 0 || member.hasPrefix($0 + "/") }
                || globs.contains { member.hasPrefix($0.replacingOccurrences(of: "*", with: "")) }
            #expect(taken, "the formula leaves \(member) out")
        }
    }

    /// The first capture of each match of `pattern` in `text`.
    static func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
