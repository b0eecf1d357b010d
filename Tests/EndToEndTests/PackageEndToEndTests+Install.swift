import Foundation
import Testing

/// The shipped `.deb` (`make test-package`): lintian passes with only the package's own
/// overrides, and dpkg installs it on this machine, its programs run from /usr/bin with nothing
/// of the build tree in them, and it purges without a trace.
@Suite(
    "Shipped Debian package",
    .enabled(if: PackageArtifacts.shippedFolder != nil, "make test-package builds the shipped packages first"))
struct ShippedDebianPackageTests {
    @Test("lintian finds no error and no warning, and every override of the package is needed")
    func lintianPasses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deb = try PackageArtifacts.debianPackage(in: directory)
        let run = try CommandRunner.run(
            "/usr/bin/env", ["lintian", "--display-info", "--fail-on", "error,warning", deb], timeout: .seconds(600))
        let hints = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(!hints.contains { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }, "\(run.standardOutput)")
        #expect(!hints.contains { $0.contains("unused-override") }, "\(run.standardOutput)")
    }

    /// The size goals of a tool others ship inside theirs: the programs as the package holds
    /// them (stripped), at most 24 MB and 10 MB.
    @Test("the packaged programs are at most 24 MB (tui-onboard) and 10 MB (tui-onboard-license)")
    func theProgramsStayUnderTheirSizeGoals() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deb = try PackageArtifacts.debianPackage(in: directory)
        let listed = try CommandRunner.run("/usr/bin/env", ["dpkg-deb", "-c", deb], timeout: .seconds(60))
        try #require(listed.status == 0, "\(listed.standardError)")
        var sizes: [String: Int] = [:]
        for line in listed.standardOutput.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if fields.count > 5, fields[0].hasPrefix("-"), fields[5].hasPrefix("./usr/bin/") {
                sizes[String(fields[5].dropFirst(10))] = Int(fields[2])
            }
        }
        let goals = ["tui-onboard": 24_000_000, "tui-onboard-license": 10_000_000]
        #expect(Set(sizes.keys) == Set(goals.keys), "\(listed.standardOutput)")
        for (program, goal) in goals {
            let size = try #require(sizes[program], "\(program) is not in the package")
            #expect(size <= goal, "\(program) is \(size) bytes, over \(goal)")
        }
    }

    @Test(
        "dpkg -i installs it, the tour, has and --lang de run from /usr/bin, and dpkg --purge takes every file away",
        .enabled(if: getuid() == 0, "dpkg -i needs root"))
    func installsRunsAndPurges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deb = try PackageArtifacts.debianPackage(in: directory)
        let status = try CommandRunner.run("/usr/bin/env", ["dpkg-query", "-W", "-f=${Status}", "tui-onboard"])
        try #require(
            !status.standardOutput.contains("installed") || status.standardOutput.contains("not-installed"),
            "tui-onboard is installed on this machine already; this test installs and purges its own copy")
        let installed = try CommandRunner.run("/usr/bin/env", ["dpkg", "-i", deb], timeout: .seconds(300))
        defer {
            _ = try? CommandRunner.run("/usr/bin/env", ["dpkg", "--purge", "tui-onboard"], timeout: .seconds(300))
        }
        try #require(installed.status == 0, "\(installed.standardOutput)\(installed.standardError)")

        try PackageEndToEndTests.expectRunning(prefix: "/usr", state: directory.path("state"))
        for program in ["/usr/bin/tui-onboard", "/usr/bin/tui-onboard-license"] {
            #expect(try InstalledProgram.buildTreeMentions(in: program, asShipped: true) == 0, "\(program)")
        }
        let manual = try CommandRunner.run("/usr/bin/env", ["man", "-w", "tui-onboard"])
        #expect(manual.standardOutput == "/usr/share/man/man1/tui-onboard.1.gz\n")

        let files = try PackageEndToEndTests.listing(of: deb).filter { !$0.mode.hasPrefix("d") }
        let purged = try CommandRunner.run("/usr/bin/env", ["dpkg", "--purge", "tui-onboard"], timeout: .seconds(300))
        #expect(purged.status == 0, "\(purged.standardError)")
        for file in files {
            let path = String(file.path.dropFirst())
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left after --purge")
        }
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/doc/tui-onboard"))
        let after = try CommandRunner.run("/usr/bin/env", ["dpkg-query", "-W", "-f=${Status}", "tui-onboard"])
        #expect(!after.standardOutput.contains(" installed"), "dpkg still has it: \(after.standardOutput)")
    }
}
