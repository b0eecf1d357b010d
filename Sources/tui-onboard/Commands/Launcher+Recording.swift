import OnboardBase
import OnboardKit
import OnboardReplay
import OnboardRun

/// `dump --animated-svg OUT.svg --from FILE.cast`: a recording as the README's moving picture.
extension Launcher {
    /// Plays the recording at `castPath` through a terminal emulator into one animated SVG at
    /// `path`, in `--theme`'s colours, and prints the path. A recording that cannot be read is
    /// 66 (missing, a FIFO, unreadable) or 65 (not an asciicast, too large); a picture that
    /// cannot be written is 74. A recording longer than the picture plays is cut, and said so.
    func writeRecordingSVG(from castPath: String, to path: String) -> Int32 {
        let shownPath = SafeText.sanitize(castPath)
        let cast: Asciicast
        switch CastFile.read(castPath) {
        case .success(let read): cast = read
        case .failure(let failure):
            printError(failure.description)
            // A file that cannot be read gives what any input file gives; one that is no recording, 65.
            guard case .unreadable(let error) = failure else { return ExitCode.badData }
            return ExitStatus(for: error).code
        }
        let picture = SVGPicture(colorMode: .truecolor, appearance: pictureAppearance)
        guard let replay = CastReplay.play(cast, picture: picture) else {
            printError("cannot replay \(shownPath): not enough memory for a \(cast.width)x\(cast.height) screen")
            return ExitCode.ioError
        }
        if replay.isCut {
            printError(
                "\(shownPath) plays \(Self.seconds(replay.recordingSeconds)) s (pauses over "
                    + "\(Self.seconds(cast.idleTimeLimit ?? CastReplay.idleTimeLimit)) s shortened); "
                    + "the picture keeps its first \(Self.seconds(replay.seconds)) s")
        }
        let title = cast.title.map { SafeText.sanitize($0) } ?? SafeText.sanitize(PathText.baseName(of: castPath))
        return writePicture(replay.document.render(title: title), to: path)
    }

    /// Seconds for a message: whole, or with one decimal under ten.
    static func seconds(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
    }
}
