import Foundation

/// The program run as a user runs what was installed or unpacked: with a plain environment,
/// and looked into for paths of the tree it was built in.
enum InstalledProgram {
    /// The version the program says it is.
    static func version() throws -> String {
        let output = try CommandRunner.run(try BuiltBinary.path(), ["--version"])
        let line = output.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        guard output.status == 0, line.hasPrefix("tui-onboard ") else {
            throw EndToEndError("tui-onboard --version said \(output.standardOutput)")
        }
        return String(line.dropFirst("tui-onboard ".count))
    }

    /// How often the repository's own path occurs in the binary at `path`: a binary that names
    /// it would read (or tell about) the tree it was built in. Unless `asShipped`, the debug
    /// information that installing strips is dropped first, and the `.swift_ast` section a debug
    /// build carries for the debugger.
    static func buildTreeMentions(in path: String, asShipped: Bool) throws -> Int {
        var scanned = path
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        if !asShipped {
            scanned = directory.path("scanned")
            let copied = try CommandRunner.run(
                "/usr/bin/env", ["objcopy", "--strip-debug", "--remove-section=.swift_ast", path, scanned],
                timeout: .seconds(120))
            guard copied.status == 0 else { throw EndToEndError("objcopy: \(copied.standardError)") }
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scanned))
        let needle = Data(BuiltBinary.repositoryRoot.standardizedFileURL.path.utf8)
        var count = 0
        var start = bytes.startIndex
        while let found = bytes.range(of: needle, in: start..<bytes.endIndex) {
            count += 1
            start = found.upperBound
        }
        return count
    }

    /// Runs a program of a package with a plain environment: no language but what `arguments`
    /// ask for (`LANG=C.UTF-8`, or `language`), no catalog or asset folder given from outside.
    static func run(_ program: String, _ arguments: [String], language: String = "C.UTF-8") throws
        -> CommandRunner.Output
    {
        let cleared = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "TUI_ONBOARD_LOCALEDIR", "TUI_ONBOARD_ASSETS"]
        return try CommandRunner.run(
            "/usr/bin/env", cleared.flatMap { ["-u", $0] } + ["LANG=\(language)", program] + arguments,
            timeout: .seconds(60))
    }

    /// The languages of `po/`: every one has a catalog in a package.
    static func languages() throws -> [String] {
        let po = BuiltBinary.repositoryRoot.appendingPathComponent("po").path
        return try FileManager.default.contentsOfDirectory(atPath: po).filter { $0.hasSuffix(".po") }
            .map { String($0.dropLast(3)) }.sorted()
    }
}
