// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tui-onboard",
    products: [
        .library(name: "OnboardKit", targets: ["OnboardKit"]),
        .library(name: "OnboardTerminal", targets: ["OnboardTerminal"]),
        .library(name: "OnboardDisk", targets: ["OnboardDisk"]),
        .library(name: "OnboardRun", targets: ["OnboardRun"]),
        .library(name: "OnboardSignature", targets: ["OnboardSignature"]),
        .library(name: "OnboardAssets", targets: ["OnboardAssets"]),
        .library(name: "OnboardReplay", targets: ["OnboardReplay"]),
        .executable(name: "tui-onboard", targets: ["tui-onboard"]),
        .executable(name: "tui-onboard-license", targets: ["tui-onboard-license"]),
    ],
    targets: [
        // The C boundary: ncursesw from Debian's libncurses-dev.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // Ed25519 from Debian's libsodium-dev (static archive for the release build).
        .systemLibrary(name: "CSodium", path: "Sources/CSodium"),
        .systemLibrary(name: "CNettle", path: "Sources/CNettle"),
        // GNU gettext as glibc has it: the translated messages compiled from po/.
        .systemLibrary(name: "CGettext", path: "Sources/CGettext"),
        // The Unicode Bidirectional Algorithm from Debian's libfribidi-dev (static archive for
        // the release build): pure functions of text, which the core lays out with.
        .systemLibrary(name: "CFribidi", path: "Sources/CFribidi"),
        // The C library's POSIX regular expressions, for the patterns of text questions.
        .systemLibrary(name: "CRegex", path: "Sources/CRegex"),
        // What the vendor's license tool shares with the app, with nothing of Foundation but
        // Date (Calendar, TimeZone, Data or JSONEncoder would bring 7 MB into the tool): JSON
        // with positions, RFC 3339 dates, ISO 8601 periods, text made safe to print and isolated
        // (FriBidi) from the words around it.
        .target(name: "OnboardBase", dependencies: ["CFribidi"], path: "Sources/OnboardBase"),
        // The license format: armor, envelope, payload, verification and the summary, one
        // implementation for the app and the vendor's tool.
        .target(name: "OnboardLicense", dependencies: ["OnboardBase"], path: "Sources/OnboardLicense"),
        // Files the POSIX way (regular files only, EINTR retried, every call open to fault
        // injection in tests): the user's files and the store's.
        .target(name: "OnboardFiles", dependencies: ["OnboardBase"], path: "Sources/OnboardFiles"),
        // Checking a license's signature and opening an encrypted one (keygen.sh's
        // aes-256-gcm+ed25519): all the cryptography the shipped binary holds.
        .target(name: "OnboardSignature", dependencies: ["CSodium", "CNettle"], path: "Sources/OnboardSignature"),
        // Signing licenses: the vendor's tool and the tests only, never the shipped binary.
        .target(name: "OnboardSigning", dependencies: ["CSodium", "CNettle"], path: "Sources/OnboardSigning"),
        // The pure core: no ncurses, no clock reads, no global randomness.
        // ICU's plural rules (CLDR) come from the toolchain's own copy, which Foundation's
        // formatting links already; the plain-C entry points need the library named. FriBidi
        // orders right-to-left text for the screen.
        .target(
            name: "OnboardKit", dependencies: ["OnboardBase", "OnboardLicense", "CFribidi", "CRegex"],
            path: "Sources/OnboardKit", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // The built-in tour's files, compiled in from Assets/ as one xz stream
        // (scripts/pack-built-in-assets.py) so a binary copied alone has them, at a fifth of the size.
        .systemLibrary(name: "CLzma", path: "Sources/CLzma"),
        .target(
            name: "OnboardAssets", dependencies: ["OnboardKit", "CLzma"], path: "Sources/OnboardAssets",
            resources: [.embedInCode("Packed/built-in-assets.xz")]),
        // gzip (zlib) for event files kept compressed, and the report over event files: reading
        // lines, counting the funnel per variant, the statistics and the texts; pure, no files.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // PNG pictures on pages, decoded by libpng (static archive from Debian's libpng-dev).
        .systemLibrary(name: "CPng", path: "Sources/CPng"),
        // Pictures as sixel images, encoded by libsixel (static archive from libsixel-dev).
        .systemLibrary(name: "CSixel", path: "Sources/CSixel"),
        // A terminal emulator's screen from Debian's libvterm-dev (static archive for the release
        // build), which plays recordings for `dump --animated-svg --from`.
        .systemLibrary(name: "CVTerm", path: "Sources/CVTerm"),
        // Asciicast recordings read from the disk and played through libvterm into an animated SVG.
        .target(
            name: "OnboardReplay", dependencies: ["CVTerm", "OnboardKit", "OnboardFiles", "OnboardBase"],
            path: "Sources/OnboardReplay"),
        .target(
            name: "OnboardReport", dependencies: ["OnboardKit", "OnboardBase", "CZlib"], path: "Sources/OnboardReport"),
        // The only code that talks to ncurses.
        .target(
            name: "OnboardTerminal", dependencies: ["CNcurses", "CSixel", "OnboardKit"], path: "Sources/OnboardTerminal"
        ),
        // File storage that needs the operating system (fsync, file locks): the ledger and state.
        .target(
            name: "OnboardDisk", dependencies: ["OnboardFiles", "OnboardKit", "OnboardSignature", "CGettext", "CPng"],
            path: "Sources/OnboardDisk"),
        // A tour run on the terminal, its loop and every effect: what the executable and every
        // Swift host call.
        .target(
            name: "OnboardRun", dependencies: ["OnboardKit", "OnboardTerminal", "OnboardDisk", "OnboardSignature"],
            path: "Sources/OnboardRun"),
        // `--record`: a copy of every byte written to the terminal, ncurses' own included.
        .target(name: "CTerminalCapture", path: "Sources/CTerminalCapture"),
        .executableTarget(
            name: "tui-onboard",
            dependencies: [
                "OnboardKit", "OnboardTerminal", "OnboardDisk", "OnboardRun", "OnboardSignature", "OnboardAssets",
                "OnboardReport", "OnboardReplay", "CTerminalCapture",
            ],
            path: "Sources/tui-onboard"),
        // The vendor's tool: keys, signing, verifying and reading licenses. Not OnboardKit:
        // prices and the paywall would bring Foundation's calendars and ICU (23 MB, not 7).
        .executableTarget(
            name: "tui-onboard-license",
            dependencies: ["OnboardLicense", "OnboardFiles", "OnboardSignature", "OnboardSigning"],
            path: "Sources/tui-onboard-license"),
        // `make bench`: prints figures; never part of the tests.
        .executableTarget(
            name: "tui-onboard-bench", dependencies: ["OnboardKit", "OnboardTerminal", "OnboardDisk"],
            path: "Sources/tui-onboard-bench"),
        // A Swift command-line tool embedding the libraries: onboarding once, then an entitlement
        // check. Built by `make test` (and run by the end-to-end tests) so it cannot rot.
        .executableTarget(
            name: "onboard-host-example", dependencies: ["OnboardKit", "OnboardDisk", "OnboardRun"],
            path: "Examples/HostCLI"),
        // Appends to a ledger from a separate process, for the store's concurrency and crash tests.
        .executableTarget(
            name: "ledger-stress", dependencies: ["OnboardDisk", "OnboardKit"], path: "Sources/ledger-stress"),
        // Snapshots and fixtures are read from the source tree by path, not bundled.
        .testTarget(
            name: "OnboardKitTests", dependencies: ["OnboardKit", "OnboardBase", "OnboardLicense"],
            path: "Tests/OnboardKitTests",
            exclude: ["__Snapshots__", "Fixtures"]),
        .testTarget(
            name: "OnboardTerminalTests", dependencies: ["OnboardTerminal", "OnboardKit", "CNcurses"],
            path: "Tests/OnboardTerminalTests"),
        .testTarget(
            name: "OnboardDiskTests", dependencies: ["OnboardDisk", "OnboardFiles", "OnboardKit", "ledger-stress"],
            path: "Tests/OnboardDiskTests",
            exclude: ["__Snapshots__", "Fixtures"]),
        .testTarget(name: "OnboardReportTests", dependencies: ["OnboardReport"], path: "Tests/OnboardReportTests"),
        .testTarget(
            name: "OnboardReplayTests", dependencies: ["OnboardReplay", "OnboardKit", "OnboardBase"],
            path: "Tests/OnboardReplayTests"),
        .testTarget(
            name: "TuiOnboardTests", dependencies: ["tui-onboard", "OnboardAssets"], path: "Tests/TuiOnboardTests"),
        .testTarget(
            name: "LicensingTests",
            dependencies: ["OnboardKit", "OnboardLicense", "OnboardSignature", "OnboardSigning"],
            path: "Tests/LicensingTests", exclude: ["Fixtures"]),
        // The onboarding session a host runs, without a terminal: language, preferences, the
        // first-run rules, the gate, `has`, the checkout's setup and events.
        .testTarget(
            name: "OnboardRunTests", dependencies: ["OnboardRun", "OnboardDisk", "OnboardKit", "OnboardSigning"],
            path: "Tests/OnboardRunTests"),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests", exclude: ["__Snapshots__"]),
    ]
)
