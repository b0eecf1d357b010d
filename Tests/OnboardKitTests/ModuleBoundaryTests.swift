import Foundation
import Testing

/// The borders between modules, checked on the sources so that they hold by the compiler's
/// help and this test rather than by habit: the core stays pure (no file system, clocks,
/// global randomness, process state or C library), and only the terminal shell speaks to
/// ncurses.
@Suite("Module boundaries")
struct ModuleBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `folder` (relative to the package root), with its lines.
    static func swiftFiles(under folder: String) -> [(path: String, lines: [String])] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, [String])] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            files.append((relative, text.components(separatedBy: "\n")))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// A line without its `//` comment, so that prose about clocks does not count.
    static func code(_ line: String) -> Substring {
        guard let range = line.range(of: "//") else { return Substring(line) }
        return line[..<range.lowerBound]
    }

    /// What the core must not use, with why.
    static let forbiddenInCore: [(token: String, reason: String)] = [
        ("import Glibc", "the C library"), ("import Darwin", "the C library"), ("import CNcurses", "ncurses"),
        ("import Dispatch", "threads and clocks"), ("FileManager", "the file system"), ("fopen(", "the file system"),
        ("FileHandle", "the file system"), ("Data(contentsOf", "the file system"),
        ("String(contentsOf", "the file system"), ("contentsOfFile", "the file system"), ("Date()", "the clock"),
        ("Date.now", "the clock"), ("timeIntervalSinceNow", "the clock"), ("DispatchTime", "the clock"),
        ("clock_gettime", "the clock"), ("ContinuousClock", "the clock"), ("SuspendingClock", "the clock"),
        ("ProcessInfo", "process state"), ("getenv", "process state"), ("TimeZone.current", "process state"),
        ("Locale.current", "process state"), ("Calendar.current", "process state"),
        ("SystemRandomNumberGenerator", "global randomness"), (".random(in", "global randomness"),
        (".randomElement()", "global randomness"), (".shuffled()", "global randomness"),
        ("UUID()", "global randomness"),
        ("arc4random", "global randomness"),
    ]

    /// The core, the two modules it shares with the vendor's license tool, and the report's
    /// counting and statistics (fed bytes by the shell).
    static let pureFolders = [
        "Sources/OnboardKit", "Sources/OnboardBase", "Sources/OnboardLicense", "Sources/OnboardReport",
    ]

    @Test func theCoreUsesNoFileSystemClockRandomnessOrCLibrary() {
        #expect(
            Self.swiftFiles(under: "Sources/OnboardKit").count > 50,
            "the core's sources were not found under \(Self.root.path)")
        let files = Self.pureFolders.flatMap { Self.swiftFiles(under: $0) }
        var findings: [String] = []
        for file in files {
            for (number, line) in file.lines.enumerated() {
                let code = Self.code(line)
                for rule in Self.forbiddenInCore where code.contains(rule.token) {
                    findings.append("\(file.path):\(number + 1): \(rule.token) (\(rule.reason))")
                }
            }
        }
        #expect(
            findings.isEmpty, "OnboardKit must stay pure; inject these instead:\n\(findings.joined(separator: "\n"))")
    }

    /// The C library's pure math functions, which the core may import one by one
    /// (`import func Glibc.sin`): springs and confetti need them, and they hold no state.
    /// `lgamma_r` is the log-gamma that writes its sign where it is told, not to the global
    /// `signgam` as `lgamma` does (the report's Beta functions).
    static let pureMath: Set<String> = [
        "sin", "cos", "tan", "atan2", "exp", "expm1", "log", "log1p", "pow", "hypot", "lgamma_r",
    ]

    @Test func theCoreTakesNothingButPureMathFromTheCLibrary() {
        var findings: [String] = []
        for file in Self.pureFolders.flatMap({ Self.swiftFiles(under: $0) }) {
            for (number, line) in file.lines.enumerated() where Self.code(line).contains("Glibc") {
                let code = Self.code(line).trimmingCharacters(in: .whitespaces)
                let prefix = "import func Glibc."
                guard code.hasPrefix(prefix), Self.pureMath.contains(String(code.dropFirst(prefix.count))) else {
                    findings.append("\(file.path):\(number + 1): \(code)")
                    continue
                }
            }
        }
        #expect(findings.isEmpty, "the core may import only pure math functions:\n\(findings.joined(separator: "\n"))")
    }

    /// `import Foundation` links swift-corelibs-foundation and CoreFoundation, whose initializer
    /// runs at every start of the binary; its modules take FoundationEssentials (and
    /// FoundationInternationalization) instead.
    @Test func theBinaryImportsFoundationEssentialsNeverFoundation() {
        var findings: [String] = []
        for folder in [
            "Sources/OnboardKit", "Sources/OnboardDisk", "Sources/OnboardTerminal", "Sources/OnboardRun",
            "Sources/tui-onboard", "Sources/OnboardBase", "Sources/OnboardLicense", "Sources/OnboardFiles",
            "Sources/tui-onboard-license", "Sources/OnboardReport",
        ] {
            for file in Self.swiftFiles(under: folder) {
                for (number, line) in file.lines.enumerated()
                where Self.code(line).trimmingCharacters(in: .whitespaces) == "import Foundation" {
                    findings.append("\(file.path):\(number + 1)")
                }
            }
        }
        #expect(findings.isEmpty, "import FoundationEssentials instead:\n\(findings.joined(separator: "\n"))")
    }

    /// FriBidi's C functions stay behind one type, so the rest of the core deals in Swift text:
    /// its rules for isolating text in OnboardBase (the license tool's summaries use them too),
    /// its visual order in OnboardKit.
    @Test func onlyBidiTextImportsFriBidi() {
        let bidiText: Set = ["Sources/OnboardBase/BidiText.swift", "Sources/OnboardKit/Rendering/BidiText.swift"]
        var findings: [String] = []
        for folder in ["Sources", "Examples"] {
            for file in Self.swiftFiles(under: folder) where !bidiText.contains(file.path) {
                for (number, line) in file.lines.enumerated() where Self.code(line).contains("import CFribidi") {
                    findings.append("\(file.path):\(number + 1)")
                }
            }
        }
        #expect(findings.isEmpty, "only BidiText may import CFribidi:\n\(findings.joined(separator: "\n"))")
    }

    @Test func onlyTheTerminalShellImportsNcurses() {
        var findings: [String] = []
        for folder in ["Sources", "Examples"] {
            for file in Self.swiftFiles(under: folder) where !file.path.hasPrefix("Sources/OnboardTerminal/") {
                for (number, line) in file.lines.enumerated() where Self.code(line).contains("import CNcurses") {
                    findings.append("\(file.path):\(number + 1)")
                }
            }
        }
        #expect(findings.isEmpty, "only OnboardTerminal may import CNcurses:\n\(findings.joined(separator: "\n"))")
    }

    /// The dependencies the manifest gives `target`, in order; nil when it declares no such target.
    static func dependencies(of target: String, in manifest: String) -> [String]? {
        guard
            let start = manifest.range(of: ".target(\n            name: \"\(target)\"")
                ?? manifest.range(of: ".target(name: \"\(target)\"")
                ?? manifest.range(of: ".executableTarget(\n            name: \"\(target)\"")
        else { return nil }
        let declaration = manifest[start.upperBound...].prefix { $0 != ")" }
        guard let list = declaration.range(of: "dependencies: [") else { return [] }
        return declaration[list.upperBound...].prefix { $0 != "]" }.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    /// The package manifest gives the core FriBidi and the C library's POSIX regular expressions
    /// (pure functions of text: the bidirectional algorithm, matching a question's pattern)
    /// beside the two pure modules it shares with the license tool, which depend on nothing but
    /// each other and FriBidi; and nothing but the terminal shell (and its tests) the ncurses module, so the
    /// compiler refuses what the scan might miss.
    @Test func theManifestKeepsTheCoreAloneAndNcursesInTheShell() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            Self.dependencies(of: "OnboardKit", in: manifest) == [
                "OnboardBase", "OnboardLicense", "CFribidi", "CRegex",
            ])
        #expect(Self.dependencies(of: "OnboardBase", in: manifest) == ["CFribidi"])
        #expect(Self.dependencies(of: "OnboardLicense", in: manifest) == ["OnboardBase"])
        let usersOfNcurses = manifest.components(separatedBy: "name: \"").dropFirst()
            .filter { $0.prefix { $0 != ")" }.contains("\"CNcurses\"") }
            .map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(usersOfNcurses) == ["OnboardTerminal", "OnboardTerminalTests"])
    }

    /// What the vendor's license tool must not use: with any of these it would link
    /// FoundationEssentials' calendars, time zones and locales (14 MB for a one-line program,
    /// where Date alone costs nothing) or the core's prices and ICU.
    static let forbiddenInTheLicenseTool: [String] = [
        "Calendar", "TimeZone", "Locale", "Data(", "Data.", ": Data", "JSONEncoder", "JSONDecoder", "URL(", "Decimal",
        "formatted(", "String(format", "import FoundationInternationalization", "import OnboardKit",
        "import OnboardDisk", "import OnboardRun",
    ]

    @Test func theLicenseToolsModulesUseNothingOfFoundationButDate() {
        let folders = [
            "Sources/OnboardBase", "Sources/OnboardLicense", "Sources/OnboardFiles", "Sources/tui-onboard-license",
        ]
        let files = folders.flatMap { Self.swiftFiles(under: $0) }
        #expect(files.count > 30, "the license tool's sources were not found under \(Self.root.path)")
        var findings: [String] = []
        for file in files {
            for (number, line) in file.lines.enumerated() {
                for token in Self.forbiddenInTheLicenseTool where Self.code(line).contains(token) {
                    findings.append("\(file.path):\(number + 1): \(token)")
                }
            }
        }
        #expect(findings.isEmpty, "the license tool must stay small:\n\(findings.joined(separator: "\n"))")
        let manifest =
            (try? String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        #expect(
            Self.dependencies(of: "tui-onboard-license", in: manifest)
                == ["OnboardLicense", "OnboardFiles", "OnboardSignature", "OnboardSigning"])
    }
}
