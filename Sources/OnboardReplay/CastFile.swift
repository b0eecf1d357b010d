import OnboardBase
import OnboardFiles
import OnboardKit

/// An asciicast file on the disk, read whole (a regular file of at most
/// `Asciicast.maximumBytes`) and checked.
public enum CastFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Missing, not a regular file (a FIFO), unreadable or too large.
        case unreadable(FileReadError)
        /// Read, but not an asciicast tui-onboard plays.
        case invalid(path: String, AsciicastError)

        /// "demo.cast:3:14: the message".
        public var description: String {
            switch self {
            case .unreadable(let error): return error.description
            case .invalid(let path, let error):
                let place = error.location.map { ":\($0)" } ?? ""
                return "\(SafeText.sanitize(path))\(place): \(error.message)"
            }
        }

    }

    public static func read(_ path: String) -> Result<Asciicast, Failure> {
        let bytes: [UInt8]
        do {
            bytes = try UserFile.read(path, limit: Asciicast.maximumBytes)
        } catch {
            return .failure(.unreadable(error))
        }
        do {
            return .success(try Asciicast(reading: bytes))
        } catch {
            return .failure(.invalid(path: path, error))
        }
    }
}
