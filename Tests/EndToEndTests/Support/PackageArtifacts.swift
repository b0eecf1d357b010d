import Foundation

/// The packages the package tests look into: those `make test-package` built from the release
/// build (`TUI_ONBOARD_TEST_PACKAGES` names their folder), or else made here, by the same
/// scripts, from the programs the tests run (the debug build under `make test`).
enum PackageArtifacts {
    /// The folder of `make deb` and `make dist`, when the tests check the shipped packages.
    static var shippedFolder: String? {
        ProcessInfo.processInfo.environment["TUI_ONBOARD_TEST_PACKAGES"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The folder holding the programs the tests run.
    static func binaryFolder() throws -> String {
        URL(fileURLWithPath: try BuiltBinary.path()).deletingLastPathComponent().path
    }

    /// The `.deb`: the shipped one, else one made into `directory` (gzip, which is quicker).
    static func debianPackage(in directory: TemporaryDirectory) throws -> String {
        try artifact(
            script: "packaging/debian/build-deb.sh", suffix: ".deb", in: directory,
            environment: ["DEB_COMPRESSION=gzip"])
    }

    /// The tarball `make dist` makes (its formula is beside it).
    static func tarball(in directory: TemporaryDirectory) throws -> String {
        try artifact(script: "packaging/build-dist.sh", suffix: ".tar.gz", in: directory, environment: [])
    }

    private static func artifact(
        script: String, suffix: String, in directory: TemporaryDirectory, environment: [String]
    )
        throws -> String
    {
        if let folder = shippedFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }
            guard names.count == 1 else {
                throw EndToEndError("\(folder) should hold one *\(suffix) (make deb dist), not \(names)")
            }
            return folder + "/" + names[0]
        }
        let scriptPath = BuiltBinary.repositoryRoot.appendingPathComponent(script).path
        // The make that runs the tests leaves its job server's flags in the environment; the
        // script's own make must not take them.
        let made = try CommandRunner.run(
            "/usr/bin/env",
            ["-u", "MAKEFLAGS", "-u", "MFLAGS", "-u", "MAKELEVEL"] + environment + [
                scriptPath, try binaryFolder(), directory.path("packages"),
            ],
            timeout: .seconds(300))
        guard made.status == 0 else {
            throw EndToEndError("\(script) exited \(made.status): \(made.standardError)")
        }
        return made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
