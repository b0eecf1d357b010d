import FoundationEssentials
import Glibc
import OnboardKit

/// Standard output and error through write(2). `print` buffers and drops write errors, and
/// `FileHandle` traps on them (SIGILL); here every result is seen.
enum StandardStreams {
    /// Fills any of descriptors 0, 1 and 2 that is closed with /dev/null opened the wrong way
    /// round (stdin write-only, stdout and stderr read-only): reads and writes there still fail
    /// with EBADF, as on a closed descriptor, but no file the app opens later (a deck, the
    /// ledger) can take the number and receive its output.
    static func reserveClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if placeholder >= 0, placeholder != descriptor {
                // A lower descriptor was free after all; move it into place.
                _ = dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }

    /// Writes all of `text` to `descriptor`, going on after partial writes and interruptions.
    /// Returns nil when everything was written, else the errno of the failure.
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}

/// Writes `text` to standard output. Returns the exit code: 0, or 74 after saying on stderr
/// that the output could not be written (a full disk, a closed descriptor), so that a lost
/// output never passes for success.
func writeOutput(_ text: String) -> Int32 {
    guard let failure = StandardStreams.write(text, to: STDOUT_FILENO) else { return ExitCode.success }
    printError("cannot write to standard output: \(String(cString: strerror(failure)))")
    return ExitCode.ioError
}

/// Writes a message to standard error. File names and option values come from the command
/// line and may hold escape sequences: everything is made safe here, at the one way out.
/// Errors are ignored: there is nowhere left to report them.
func printError(_ message: String) {
    _ = StandardStreams.write(
        "tui-onboard: " + SafeText.sanitize(message) + "\n", to: STDERR_FILENO)
}
