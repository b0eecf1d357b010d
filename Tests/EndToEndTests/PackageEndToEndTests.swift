import Foundation
import Testing

/// The packages as users get them: the `.deb` lays every file in Debian's place and its
/// programs run from wherever dpkg unpacks them; the tarball runs wherever it is unpacked and
/// its Homebrew formula installs what it holds. Under `make test` the packages are made from the
/// debug build by the same scripts; `make test-package` checks the shipped ones, and also runs
/// lintian and installs the `.deb` on this machine (`PackageEndToEndTests+Install.swift`).
@Suite("Packages")
struct PackageEndToEndTests {
    /// Every file the `.deb` holds, with its mode; nothing else may be in it.
    static func expectedDebianFiles() throws -> [String: String] {
        var files = [
            "./usr/bin/tui-onboard": "-rwxr-xr-x",
            "./usr/bin/tui-onboard-license": "-rwxr-xr-x",
            "./usr/share/man/man1/tui-onboard.1.gz": "-rw-r--r--",
            "./usr/share/man/man1/tui-onboard-license.1.gz": "-rw-r--r--",
            "./usr/share/bash-completion/completions/tui-onboard": "-rw-r--r--",
            "./usr/share/zsh/vendor-completions/_tui-onboard": "-rw-r--r--",
            "./usr/share/fish/vendor_completions.d/tui-onboard.fish": "-rw-r--r--",
            "./usr/share/doc/tui-onboard/copyright": "-rw-r--r--",
            "./usr/share/doc/tui-onboard/changelog.gz": "-rw-r--r--",
            "./usr/share/lintian/overrides/tui-onboard": "-rw-r--r--",
        ]
        for language in try InstalledProgram.languages() {
            files["./usr/share/locale/\(language)/LC_MESSAGES/tui-onboard.mo"] = "-rw-r--r--"
        }
        return files
    }

    /// `dpkg-deb -c`: each entry's mode, owner and path.
    static func listing(of deb: String) throws -> [(mode: String, owner: String, path: String)] {
        let listed = try CommandRunner.run("/usr/bin/env", ["dpkg-deb", "-c", deb], timeout: .seconds(60))
        guard listed.status == 0 else { throw EndToEndError("dpkg-deb -c: \(listed.standardError)") }
        return listed.standardOutput.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            return (fields[0], fields[1], fields.count > 5 ? fields[5] : "")
        }
    }

    @Test("the .deb holds both programs, man pages, completions, catalogs, copyright and changelog in Debian's places")
    func theDebianPackageHasDebiansLayout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deb = try PackageArtifacts.debianPackage(in: directory)
        let version = try InstalledProgram.version()
        let architecture = try CommandRunner.run("/usr/bin/env", ["dpkg", "--print-architecture"])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: deb).lastPathComponent == "tui-onboard_\(version)_\(architecture).deb")
        let fields = try CommandRunner.run(
            "/usr/bin/env", ["dpkg-deb", "--showformat=${Package} ${Version} ${Architecture}", "--show", deb])
        #expect(fields.standardOutput == "tui-onboard \(version) \(architecture)")

        let entries = try Self.listing(of: deb)
        let expected = try Self.expectedDebianFiles()
        let files = entries.filter { !$0.mode.hasPrefix("d") }
        #expect(Set(files.map(\.path)) == Set(expected.keys), "files beyond or short of Debian's layout")
        for entry in files { #expect(entry.mode == expected[entry.path], "\(entry.path) is \(entry.mode)") }
        for entry in entries {
            #expect(entry.owner == "root/root", "\(entry.path) belongs to \(entry.owner)")
            if entry.mode.hasPrefix("d") { #expect(entry.mode == "drwxr-xr-x", "\(entry.path)") }
        }
    }

    @Test("the programs dpkg -x unpacks run the tour, has and --lang de; the packaged docs are the source's")
    func theUnpackedDebianPackageRuns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deb = try PackageArtifacts.debianPackage(in: directory)
        let root = directory.path("root")
        let unpacked = try CommandRunner.run("/usr/bin/env", ["dpkg", "-x", deb, root], timeout: .seconds(120))
        try #require(unpacked.status == 0, "\(unpacked.standardError)")
        try Self.expectRunning(prefix: root + "/usr", state: directory.path("state"))

        let repository = BuiltBinary.repositoryRoot
        for (packaged, source) in [
            ("usr/share/man/man1/tui-onboard.1.gz", "share/man/man1/tui-onboard.1"),
            ("usr/share/man/man1/tui-onboard-license.1.gz", "share/man/man1/tui-onboard-license.1"),
            ("usr/share/doc/tui-onboard/changelog.gz", "packaging/debian/changelog"),
        ] {
            let unzipped = try CommandRunner.run("/usr/bin/env", ["zcat", root + "/" + packaged])
            let original = try String(contentsOf: repository.appendingPathComponent(source), encoding: .utf8)
            #expect(unzipped.standardOutput == original, "\(packaged) is not \(source)")
        }
        let changelog = try String(
            contentsOf: repository.appendingPathComponent("packaging/debian/changelog"), encoding: .utf8)
        #expect(changelog.hasPrefix("tui-onboard (\(try InstalledProgram.version())) "))
    }

    /// The programs under `prefix` (`PREFIX/bin`, catalogs in `PREFIX/share/locale`): the tour,
    /// `has`, German, the license tool, and what `--version --verbose` says of where it looked.
    static func expectRunning(prefix: String, state: String) throws {
        let program = prefix + "/bin/tui-onboard"
        let tour = try InstalledProgram.run(program, ["--plain", "--state-dir", state])
        #expect(tour.status == 0, "\(tour.standardError)")
        #expect(tour.standardOutput.contains("[1/9] Welcome to tui-onboard"))
        #expect(tour.standardError.isEmpty)
        let german = try InstalledProgram.run(program, ["--plain", "--lang", "de", "--state-dir", state])
        #expect(german.standardOutput.contains("Willkommen bei tui-onboard"))
        #expect(german.standardOutput.contains("tui-onboard Pro: Nicht gekauft"), "the app's words from its catalog")
        #expect(german.standardError.isEmpty)
        let has = try InstalledProgram.run(program, ["has", "pro", "--state-dir", state])
        #expect(has.status == 1, "\(has.standardError)")
        #expect(has.standardOutput.isEmpty && has.standardError.isEmpty)
        let report = try InstalledProgram.run(program, ["--version", "--verbose", "--lang", "de"])
        let realPrefix = URL(fileURLWithPath: prefix).resolvingSymlinksInPath().path
        #expect(report.standardOutput.contains("language: de, from \(realPrefix)/share/locale/de/LC_MESSAGES/"))
        let license = try InstalledProgram.run(prefix + "/bin/tui-onboard-license", ["--version"])
        #expect(license.standardOutput == "tui-onboard-license \(try InstalledProgram.version())\n")
    }

    @Test("the tarball runs wherever it is unpacked, and its Homebrew formula installs what it holds")
    func theTarballRunsWhereverItIsUnpacked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tarball = try PackageArtifacts.tarball(in: directory)
        let name = String(URL(fileURLWithPath: tarball).lastPathComponent.dropLast(".tar.gz".count))
        let machine = try CommandRunner.run("/usr/bin/env", ["uname", "-m"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(name == "tui-onboard-\(try InstalledProgram.version())-linux-\(machine)")
        let place = directory.path("any/where")
        try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
        let unpacked = try CommandRunner.run(
            "/usr/bin/env", ["tar", "-xzf", tarball, "-C", place], timeout: .seconds(120))
        try #require(unpacked.status == 0, "\(unpacked.standardError)")
        try Self.expectRunning(prefix: place + "/" + name, state: directory.path("state"))

        let listed = try CommandRunner.run("/usr/bin/env", ["tar", "-tzf", tarball], timeout: .seconds(60))
        let members = Set(listed.standardOutput.split(separator: "\n").map { String($0.dropFirst(name.count + 1)) })
        try FormulaCheck.expectInstallsOnlyWhatTheTarballHolds(
            formula: URL(fileURLWithPath: tarball).deletingLastPathComponent().appendingPathComponent("tui-onboard.rb")
                .path,
            tarball: tarball, members: members)
    }
}
