import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit

/// `init [DIR]`: writes the starter deck, its art and its catalog, and never overwrites a file.
extension Launcher {
    func initialize(_ directory: String?) -> Int32 {
        var schemas: [String: String] = [:]
        for name in StarterDeck.schemaNames {
            let bytes = AssetLocator.bytes(of: "schemas/\(name)", environment: environment)
            schemas[name] = bytes.flatMap { String(validating: $0, as: UTF8.self) }
        }
        func targets(_ layout: PaywallLayout) -> [(file: StarterDeck.File, path: String)] {
            StarterDeck.files(layout: layout, schemas: schemas).map { file in
                (file: file, path: directory.map { PathText.join($0, file.path) } ?? file.path)
            }
        }
        // Look first (every layout writes the same files), so that nothing is written, and
        // nothing asked, when anything is in the way.
        let existing = targets(.list).map(\.path).filter { path in
            var info = stat()
            return lstat(path, &info) == 0
        }
        if !existing.isEmpty {
            let names = existing.map { SafeText.sanitize($0) }.joined(separator: ", ")
            printError(
                "init: \(names) \(existing.count == 1 ? "exists" : "exist") already; nothing was written (init never overwrites a file)"
            )
            return ExitCode.cannotCreate
        }
        guard let layout = options.starter.layout ?? askLayout() else {
            printError("init: no layout was chosen; nothing was written")
            return ExitCode.notActive
        }
        return write(targets(layout), layout: layout)
    }

    /// Writes the starter files, or on a failure takes back what it made and says why.
    private func write(_ targets: [(file: StarterDeck.File, path: String)], layout: PaywallLayout) -> Int32 {
        var createdFiles: [String] = []
        var createdDirectories: [String] = []
        /// Takes back what this run made, newest first: a failed init leaves nothing half made.
        func undo() {
            for path in createdFiles.reversed() { unlink(path) }
            for path in createdDirectories.reversed() { rmdir(path) }
        }
        for target in targets {
            do {
                createdDirectories += try Self.makeDirectories(PathText.directory(of: target.path))
                try Self.createFile(target.path, contents: target.file.contents)
                createdFiles.append(target.path)
            } catch {
                undo()
                printError("init: \(error.message); nothing was written")
                return error.code
            }
        }
        let written = targets.map { SafeText.sanitize($0.path) }
        let deck = SafeText.sanitize(targets[0].path)
        return writeOutput(
            """
            wrote \(written.dropLast().joined(separator: ", ")) and \(written.last ?? "")
            check it:  tui-onboard validate \(deck)
            show it:   tui-onboard --deck \(deck)
            its paywall's "layout" is \(layout.rawValue); the others are \(StarterDeck.layouts(except: layout)) (docs/catalog-format.md)

            """)
    }

    /// The layout picked on a terminal (`StarterLayoutQuestion`), `list` where nobody can be
    /// asked; nil when the input ended before an answer.
    private func askLayout() -> PaywallLayout? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else { return .list }
        var question = StarterLayoutQuestion.text
        while true {
            _ = StandardStreams.write(question, to: STDERR_FILENO)
            guard let line = readLine() else {
                _ = StandardStreams.write("\n", to: STDERR_FILENO)
                return nil
            }
            if let layout = StarterLayoutQuestion.layout(answering: line) { return layout }
            question = StarterLayoutQuestion.retry
        }
    }

    /// Why a file or directory of `init` could not be made, and the exit code that says so.
    struct InitFailure: Error {
        var message: String
        var code: Int32
    }

    /// Makes `path` and its missing parents; returns the ones it made, outermost first.
    static func makeDirectories(_ path: String) throws(InitFailure) -> [String] {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw InitFailure(message: "\(path) is not a directory", code: ExitCode.cannotCreate)
            }
            return []
        }
        let parent = PathText.directory(of: path)
        var made: [String] = []
        if parent != path { made = try makeDirectories(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            let reason = String(cString: strerror(errno))
            for directory in made.reversed() { rmdir(directory) }
            throw InitFailure(message: "cannot make the directory \(path): \(reason)", code: ExitCode.cannotCreate)
        }
        return made + [path]
    }

    /// Writes a new file; one that appeared since the look is not touched (`O_EXCL`).
    private static func createFile(_ path: String, contents: String) throws(InitFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw InitFailure(
                message: "cannot create \(path): \(String(cString: strerror(errno)))", code: ExitCode.cannotCreate)
        }
        defer { close(descriptor) }
        if let failure = StandardStreams.write(contents, to: descriptor) {
            unlink(path)
            throw InitFailure(
                message: "cannot write \(path): \(String(cString: strerror(failure)))", code: ExitCode.ioError)
        }
    }
}
