import Foundation
import OnboardKit
import Testing

@testable import OnboardRun

/// Opening an address with fake browsers on `PATH`: each command of `BROWSER` in turn until one
/// starts, the address as one argument, and a clear failure when none starts.
@Suite(.serialized) struct BrowserLauncherTests {
    /// A directory of fake browsers; each one that runs writes its arguments, one per line, and
    /// the descriptors it was given to `NAME.ran`, by a rename, so a file seen is a whole file.
    final class FakeBrowsers {
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("browsers-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func add(_ name: String, executable: Bool = true) throws {
            let out = directory.appendingPathComponent(name).path
            let script = """
                #!/bin/sh
                { printf '%s\\n' "$@"; echo "--- fds"; ls /proc/$$/fd; } > '\(out).part'
                mv '\(out).part' '\(out).ran'

                """
            let path = directory.appendingPathComponent(name).path
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes(
                [.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
        }

        /// What the browser `name` was started with, once it has written it; nil if it never runs
        /// (the deadline only guards against a hang).
        func arguments(of name: String, within seconds: Double = 20) -> (arguments: [String], descriptors: [String])? {
            let path = directory.appendingPathComponent(name + ".ran").path
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                    let parts = text.components(separatedBy: "--- fds\n")
                    let arguments = parts[0].split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    return (arguments.map(String.init), parts[1].split(separator: "\n").map(String.init))
                }
                usleep(2_000)
            }
            return nil
        }

        func ran(_ name: String) -> Bool {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(name + ".ran").path)
        }

        func environment(browser: String?) -> [String: String] {
            var environment = ["PATH": directory.path + ":/usr/bin:/bin"]
            environment["BROWSER"] = browser
            return environment
        }
    }

    static let url = "https://shop.example.com/b?p=pro&ref=A B;$(touch pwned)'\"%s"

    @Test(
        arguments: [
            ("missing-browser:fake-browser", "fake-browser", [url]),
            ("fake-browser --new-tab %s", "fake-browser", ["--new-tab", url]),
            ("not-executable:fake-browser %s --x", "fake-browser", [url, "--x"]),
            ("fake-browser 100%% %s", "fake-browser", ["100%", url]),
            (nil, "xdg-open", [url]),
        ] as [(String?, String, [String])])
    func theFirstCommandThatStartsGetsTheAddress(browser: String?, started: String, arguments: [String]) throws {
        let browsers = try FakeBrowsers()
        try browsers.add("fake-browser")
        try browsers.add("xdg-open")
        try browsers.add("not-executable", executable: false)
        // A descriptor the app has open (a held lock, say) at a number the script would not use.
        let held = open(browsers.directory.appendingPathComponent("lock").path, O_RDWR | O_CREAT, 0o600)
        #expect(dup2(held, 42) == 42)
        defer {
            close(42)
            close(held)
        }
        let failures = BrowserLauncher.open(Self.url, environment: browsers.environment(browser: browser))
        #expect(failures == nil)
        let ran = try #require(browsers.arguments(of: started))
        #expect(ran.arguments == arguments)
        #expect(!ran.descriptors.contains("42"), "\(ran.descriptors)")
        #expect(!browsers.ran("not-executable"))
        #expect(!FileManager.default.fileExists(atPath: "pwned"))
    }

    @Test func whenNoneStartsEachIsNamedWithWhy() throws {
        let browsers = try FakeBrowsers()
        try browsers.add("not-executable", executable: false)
        let failures = BrowserLauncher.open(
            Self.url, environment: browsers.environment(browser: "firefox %s:not-executable:/no/such/browser"))
        #expect(
            failures == [
                .init(name: "firefox", reason: "No such file or directory"),
                .init(name: "not-executable", reason: "Permission denied"),
                .init(name: "/no/such/browser", reason: "No such file or directory"),
            ])
    }

    @Test func thePaywallSaysWhichCouldNotBeStarted() throws {
        let browsers = try FakeBrowsers()
        let catalog = Catalog(offerings: [], currentOfferingID: "main", products: [:], entitlements: [])
        let desk = CheckoutDesk(
            stateDirectory: browsers.directory.path, catalog: catalog, appID: "demo",
            environment: browsers.environment(browser: "firefox %s:chromium"))
        #expect(
            desk.open(Self.url)
                == .addressOpened(
                    failure:
                        "Not opened: no browser could be started (firefox: No such file or directory; chromium: No such file or directory); scan the code instead"
                ))
        let blank = CheckoutDesk(
            stateDirectory: browsers.directory.path, catalog: catalog, appID: "demo",
            environment: browsers.environment(browser: " : "))
        #expect(
            blank.open(Self.url)
                == .addressOpened(failure: "Not opened: $BROWSER names no command; scan the code instead"))
    }
}
