import Foundation

/// A virtual X display (Xvfb) for running real terminals, and screenshots of it as RGB pixels.
final class XvfbDisplay {
    let number: Int
    /// Room for xterm's 80x24 cells of 6x13 pixels and kitty's 640x400 window, no more: every
    /// screenshot is searched pixel by pixel.
    let width = 680
    let height = 440
    private let pid: pid_t
    private var children: [pid_t] = []

    /// Whether Xvfb, xterm and ImageMagick's `import` are installed (`make deps` installs them).
    static var isAvailable: Bool {
        ["Xvfb", "xterm", "import"].allSatisfy { (try? SystemTool.path($0, package: $0)) != nil }
    }

    /// Starts Xvfb on the first free display from :90 and waits for its socket.
    init() throws {
        let xvfb = try SystemTool.path("Xvfb", package: "xvfb")
        guard
            let free = (90..<190).first(where: {
                !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
                    && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
            })
        else { throw EndToEndError("no free X display number from :90 to :189") }
        number = free
        pid = try ChildProcess.start(
            xvfb, [":\(free)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"], standardOutput: nil,
            standardError: nil)
        guard Polling.until({ FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(free)") }) else {
            kill(pid, SIGTERM)
            throw EndToEndError("Xvfb :\(free) did not start")
        }
    }

    /// Starts `program` with `arguments` on this display, `environment` added; it is ended
    /// with the display.
    /// What it says goes to `log`.
    func start(_ program: String, _ arguments: [String], environment: [String: String] = [:], log: String) throws
        -> pid_t
    {
        let settings = ["DISPLAY=:\(number)"] + environment.map { "\($0.key)=\($0.value)" }.sorted()
        let pid = try ChildProcess.start(
            "/usr/bin/env", settings + [program] + arguments, standardOutput: log, standardError: log)
        children.append(pid)
        return pid
    }

    /// The whole screen as 8-bit RGB, rows top to bottom.
    func screenshot(into directory: TemporaryDirectory) throws -> Screenshot {
        let file = directory.path("screen.rgb")
        let status = try ChildProcess.run(
            "/usr/bin/env",
            [
                "DISPLAY=:\(number)", try SystemTool.path("import", package: "imagemagick"), "-window", "root",
                "-depth", "8",
                "rgb:\(file)",
            ], standardOutput: directory.path("import.log"), standardError: directory.path("import.log"))
        let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data())
        guard status == 0, bytes.count == width * height * 3 else {
            let said = (try? String(contentsOfFile: directory.path("import.log"), encoding: .utf8)) ?? ""
            throw EndToEndError("import could not take a screenshot of :\(number) (exit \(status)): \(said)")
        }
        return Screenshot(width: width, height: height, rgb: bytes)
    }

    func stop() {
        for child in children.reversed() {
            kill(child, SIGTERM)
            _ = try? ChildProcess.wait(for: child, executable: "terminal", timeout: .seconds(10))
        }
        kill(pid, SIGTERM)
        _ = try? ChildProcess.wait(for: pid, executable: "Xvfb", timeout: .seconds(10))
    }
}

/// A screenshot's pixels.
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = (y * width + x) * 3
        return (Int(rgb[offset]), Int(rgb[offset + 1]), Int(rgb[offset + 2]))
    }

    /// The smallest rectangle holding every pixel within `tolerance` of `color`; nil if none.
    func bounds(of color: (Int, Int, Int), tolerance: Int = 12) -> (x: Int, y: Int, width: Int, height: Int)? {
        var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
        rgb.withUnsafeBufferPointer { pixels in
            var offset = 0
            for y in 0..<height {
                for x in 0..<width {
                    defer { offset += 3 }
                    guard abs(Int(pixels[offset]) - color.0) <= tolerance,
                        abs(Int(pixels[offset + 1]) - color.1) <= tolerance,
                        abs(Int(pixels[offset + 2]) - color.2) <= tolerance
                    else { continue }
                    if x < left { left = x }
                    if x > right { right = x }
                    if y < top { top = y }
                    bottom = y
                }
            }
        }
        return right < 0 ? nil : (left, top, right - left + 1, bottom - top + 1)
    }
}
