import Foundation
import Testing

/// Signed licenses from end to end: the vendor's tool makes a key and signs, the checkout
/// sheet's QR code decodes (zbarimg) to the address it shows, a pasted license grants, and
/// `has` in another process agrees; the command line adds, lists and removes, and nothing
/// edited on disk grants.
@Suite("Signed licenses end to end")
struct LicenseEndToEndTests {
    static let appID = "dev.tui-onboard.demo"

    /// A key, and the built-in catalog sold for real with it (in `mode`), in `directory`.
    static func vendor(in directory: TemporaryDirectory, mode: String = "signed") throws -> (
        key: String, publicKey: String, catalog: String
    ) {
        let key = directory.path("vendor.key")
        let made = try CommandRunner.run(try BuiltBinary.licenseToolPath(), ["keygen", "--out", key])
        #expect(made.status == 0, "\(made.standardError)")
        let publicKey = made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = try SoldCatalog.write(in: directory, licensing: ["mode": mode, "publicKeys": [publicKey]])
        return (key, publicKey, path)
    }

    static func sign(_ key: String, _ arguments: [String]) throws -> String {
        let signed = try CommandRunner.run(
            try BuiltBinary.licenseToolPath(), ["sign", "--key", key, "--app", appID] + arguments)
        #expect(signed.status == 0, "\(signed.standardError)")
        return signed.standardOutput
    }

    static func has(_ catalog: String, _ state: String, _ extra: [String] = []) throws -> Int32 {
        try CommandRunner.run(
            try BuiltBinary.path(), ["has", "pro", "--catalog", catalog, "--app", appID, "--state-dir", state] + extra
        ).status
    }

    /// The QR code's modules read back from the screen's half blocks, as a PGM image, 4 pixels a module.
    static func image(ofCodeIn lines: [String]) -> Data? {
        let rows = lines.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
        guard let first = rows.first, let top = lines.firstIndex(of: first) else { return nil }
        // The code's text rows, quiet zone included: the block from its first row to its last,
        // between the box's borders.
        let block = lines[(top - 2)...].prefix { !$0.contains("https://") }
        var modules: [[Bool]] = []
        for line in block {
            let cells = Array(line.drop { $0 != "│" }.dropFirst().prefix { $0 != "│" })
            modules.append(cells.map { $0 == "█" || $0 == "▀" })
            modules.append(cells.map { $0 == "█" || $0 == "▄" })
        }
        guard let width = modules.first?.count, width > 0 else { return nil }
        let scale = 4
        var pixels = "P2\n\(width * scale) \(modules.count * scale)\n255\n"
        for row in modules {
            let line = row.flatMap { dark in Array(repeating: dark ? "0" : "255", count: scale) }.joined(separator: " ")
            for _ in 0..<scale { pixels += line + "\n" }
        }
        return Data(pixels.utf8)
    }

    @Test("the checkout sheet's QR code is its address, a pasted license grants, and has agrees")
    func checkoutAndPaste() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let vendor = try Self.vendor(in: directory)
        let state = directory.path("state")
        let terminal = try TmuxTerminal(
            width: 100, height: 50,
            arguments: ["--catalog", vendor.catalog, "--state-dir", state, "--reduce-motion", "--latency", "0"],
            environment: ["SSH_CONNECTION": "10.0.0.1 22 10.0.0.2 22"])
        defer { terminal.close() }
        try terminal.start()
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        #expect(terminal.waitForText("Not purchased") != nil, "no paywall:\n\(terminal.screen())")
        try terminal.sendKeys("Enter")
        let sheet = try #require(terminal.waitForText("Pairing code"), "no checkout sheet:\n\(terminal.screen())")
        let shown = try #require(sheet.lines.first { $0.contains("https://") })
        let url = try #require(shown.split(separator: " ").first { $0.hasPrefix("https://") }.map(String.init))
        #expect(url.contains("&ref=") && !url.contains("{ref}"))
        // zbarimg (zbar-tools) reads the code off the screen.
        let picture = directory.path("code.pgm")
        try #require(Self.image(ofCodeIn: sheet.lines), "no code on the sheet:\n\(sheet)").write(
            to: URL(fileURLWithPath: picture))
        let decoded = try CommandRunner.run("/usr/bin/zbarimg", ["--raw", "-q", "-Sbinary", picture])
        #expect(decoded.status == 0, "zbarimg could not read the code (install zbar-tools): \(decoded.standardError)")
        #expect(decoded.standardOutput == url)
        // Over SSH the browser is not opened, and the sheet says why.
        try terminal.sendKeys("o")
        #expect(terminal.waitForText("SSH session") != nil, "\(terminal.screen())")
        // A license for another app is refused; the right one grants at once.
        try terminal.paste(try Self.sign(vendor.key, ["--grant", "pro"]))
        #expect(terminal.waitForText("Licensed to") != nil || terminal.waitForText("✓") != nil, "\(terminal.screen())")
        #expect(try Self.has(vendor.catalog, state) == 0)
        try terminal.sendKeys("Escape")
        #expect(terminal.waitForText("licensed") != nil, "no license line on the paywall:\n\(terminal.screen())")
        try terminal.sendKeys("q")
        #expect(terminal.waitForExit() == 0)
        let pending = try String(contentsOfFile: state + "/checkout.json", encoding: .utf8)
        #expect(pending.contains(String(url.suffix(26))))
    }

    @Test("license add, list and remove; a stored license changed on disk grants nothing")
    func commandLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let vendor = try Self.vendor(in: directory)
        let state = directory.path("state")
        let tool = try BuiltBinary.path()
        let license = directory.path("ada.license")
        try Self.sign(vendor.key, ["--grant", "pro:2099-01-01", "--licensee", "Ada", "--lid", "ADA-1"])
            .write(toFile: license, atomically: true, encoding: .utf8)
        let common = ["--catalog", vendor.catalog, "--app", Self.appID, "--state-dir", state]
        #expect(try Self.has(vendor.catalog, state) == 1)
        let added = try CommandRunner.run(tool, ["license", "add", license] + common)
        #expect(added.status == 0, "\(added.standardError)")
        #expect(try Self.has(vendor.catalog, state) == 0)
        var info = stat()
        #expect(stat(state + "/licenses/ADA-1.license", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let listed = try CommandRunner.run(tool, ["license", "list", "--json"] + common)
        #expect(listed.standardOutput.contains("\"ADA-1\""), "\(listed.standardOutput)")
        // One byte changed on disk: no longer a license.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: state + "/licenses/ADA-1.license"))
        bytes[60] = bytes[60] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        try bytes.write(to: URL(fileURLWithPath: state + "/licenses/ADA-1.license"))
        #expect(try Self.has(vendor.catalog, state) == 1)
        let status = try CommandRunner.run(tool, ["license", "list"] + common)
        #expect(status.standardOutput.contains("refused"), "\(status.standardOutput)")
        #expect(try CommandRunner.run(tool, ["license", "remove", "ADA-1"] + common).status == 0)
        #expect(try CommandRunner.run(tool, ["license", "remove", "ADA-1"] + common).status == 66)
        // Expired, another app's, a stranger's: refused on one line, nothing stored.
        let expired = directory.path("expired.license")
        try Self.sign(vendor.key, ["--grant", "pro:2020-01-01", "--issued", "2019-01-01"])
            .write(toFile: expired, atomically: true, encoding: .utf8)
        let refused = try CommandRunner.run(tool, ["license", "add", expired] + common)
        #expect(
            refused.status == 65 && refused.standardError.contains("grants nothing now"), "\(refused.standardError)")
        let other = directory.path("other.license")
        let signedOther = try CommandRunner.run(
            try BuiltBinary.licenseToolPath(), ["sign", "--key", vendor.key, "--app", "com.other", "--grant", "pro"])
        try signedOther.standardOutput.write(toFile: other, atomically: true, encoding: .utf8)
        let otherApp = try CommandRunner.run(tool, ["license", "add", other] + common)
        #expect(otherApp.status == 65 && otherApp.standardError.contains("com.other"), "\(otherApp.standardError)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: state + "/licenses"))?.isEmpty ?? true)
    }

    @Test("a simulated purchase grants nothing under signed licensing, and does under mixed")
    func simulatedPurchasesUnderSignedLicensing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let signed = try Self.vendor(in: directory)
        let mixedDirectory = try TemporaryDirectory()
        defer { mixedDirectory.remove() }
        let mixed = try Self.vendor(in: mixedDirectory, mode: "mixed")
        let state = directory.path("state")
        // Bought in the simulation with the built-in catalog (no licensing): the same products.
        let terminal = try TmuxTerminal(arguments: ["--state-dir", state, "--reduce-motion", "--latency", "0"])
        defer { terminal.close() }
        try terminal.start()
        _ = terminal.waitForText("tui-onboard")
        try terminal.sendKeys(PaywallEndToEndTests.paywallPage)
        _ = terminal.waitForText("Not purchased")
        try terminal.sendKeys("Enter")
        // "You're all set" shows once the purchase is synced and committed.
        #expect(terminal.waitForText("You're all set") != nil, "\(terminal.screen())")
        #expect(try Self.has(signed.catalog, state) == 1)
        #expect(try Self.has(mixed.catalog, state) == 0)
        let status = try CommandRunner.run(
            try BuiltBinary.path(),
            ["status", "--json", "--catalog", signed.catalog, "--app", Self.appID, "--state-dir", state])
        #expect(status.standardOutput.contains("\"source\" : \"simulated\""), "\(status.standardOutput)")
    }
}
