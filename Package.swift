// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tui-onboard",
    products: [
        .library(name: "OnboardKit", targets: ["OnboardKit"]),
        .library(name: "OnboardTerminal", targets: ["OnboardTerminal"]),
        .executable(name: "tui-onboard", targets: ["tui-onboard"]),
    ],
    targets: [
        // The C boundary: ncursesw from Debian's libncurses-dev.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // The pure core: no ncurses, no clock reads, no global randomness.
        .target(name: "OnboardKit", path: "Sources/OnboardKit"),
        // The only code that talks to ncurses.
        .target(name: "OnboardTerminal", dependencies: ["CNcurses", "OnboardKit"], path: "Sources/OnboardTerminal"),
        // File storage that needs the operating system (fsync, file locks): the ledger and state.
        .target(name: "OnboardStore", dependencies: ["OnboardKit"], path: "Sources/OnboardStore"),
        .executableTarget(
            name: "tui-onboard", dependencies: ["OnboardKit", "OnboardTerminal", "OnboardStore"], path: "Sources/tui-onboard"),
        // `make bench`: prints figures; never part of the tests.
        .executableTarget(
            name: "tui-onboard-bench", dependencies: ["OnboardKit", "OnboardTerminal", "OnboardStore", "CNcurses"],
            path: "Sources/tui-onboard-bench"),
        .testTarget(
            name: "OnboardKitTests", dependencies: ["OnboardKit"], path: "Tests/OnboardKitTests", exclude: ["__Snapshots__"]),
        .testTarget(
            name: "OnboardTerminalTests", dependencies: ["OnboardTerminal", "OnboardKit", "CNcurses"],
            path: "Tests/OnboardTerminalTests"),
        .testTarget(name: "OnboardStoreTests", dependencies: ["OnboardStore", "OnboardKit"], path: "Tests/OnboardStoreTests"),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests"),
    ]
)
