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
        .executableTarget(
            name: "tui-onboard", dependencies: ["OnboardKit", "OnboardTerminal"], path: "Sources/tui-onboard"),
        .testTarget(name: "OnboardKitTests", dependencies: ["OnboardKit"], path: "Tests/OnboardKitTests"),
        .testTarget(
            name: "OnboardTerminalTests", dependencies: ["OnboardTerminal", "OnboardKit", "CNcurses"],
            path: "Tests/OnboardTerminalTests"),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests"),
    ]
)
