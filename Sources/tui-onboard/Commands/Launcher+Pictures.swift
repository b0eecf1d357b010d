import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `dump` and `symbols --preview`: pictures of what the app shows, made without a terminal.
extension Launcher {
    /// The store's moment in pictures, unless `--now` says otherwise: a fixed one, so that the
    /// same deck always gives the same pictures.
    static let pictureDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// `dump [DECK]`: every page drawn at rest at `--size`, as text on stdout or, with
    /// `--svg DIR`, as `DIR/page-01.svg`... (each path written is printed). The paywall shows
    /// the deck's catalog to a customer who owns nothing: the ledger on disk is not read.
    func dump(_ deckPath: String?) -> Int32 {
        if let cast = options.pictures.castPath, let path = options.pictures.animatedSVGPath {
            return writeRecordingSVG(from: cast, to: path)
        }
        var options = options
        if let deckPath { options.tour.deckPath = deckPath }
        let launcher = Launcher(options: options, environment: environment)
        // The tour played, not the pages at rest: those are not drawn for nothing.
        if let path = options.pictures.animatedSVGPath {
            let status = launcher.writeAnimatedSVG(to: path)
            if status == ExitCode.success { sayWhenMessagesAreMissing() }
            return status
        }
        let pictures: [PagePictures.Picture]
        switch launcher.renderPictures() {
        case .success(let rendered): pictures = rendered
        case .failure(let status): return status.code
        }
        sayWhenMessagesAreMissing()
        guard let directory = options.pictures.svgDirectory else { return writeOutput(PagePictures.text(pictures)) }
        return writeSVGs(pictures, to: directory)
    }

    /// Says, on stderr, that the language's catalog of the app's words was not found.
    private func sayWhenMessagesAreMissing() {
        if let notice = MessageCatalogLocator.missingCatalogNotice(for: Messages.current) { printError(notice) }
    }

    /// The theme pictures are drawn in: `--theme`'s, else dark (the config file is the user's,
    /// not the pictures').
    var pictureAppearance: Appearance {
        options.tour.theme.map { $0.startingAppearance(environment: environment) } ?? .dark
    }

    /// The deck's pages as the app draws them at rest at `--size`, in the `--theme` chosen
    /// (dark by default: the config file is the user's, not the pictures'), with the answers
    /// `--answer` and `--answers` give.
    func renderPictures() -> Result<[PagePictures.Picture], ExitStatus> {
        pictureInputs().map { deck, answers, paywall in
            let size = options.pictures.size
            return PagePictures.render(
                deck, width: size.columns, height: size.rows, paywall: paywall, layoutDirection: userLayoutDirection,
                appearance: pictureAppearance, answers: answers,
                keepsPNGPictures: options.pictures.svgDirectory != nil)
        }
    }

    /// The deck, the answers `--answer` and `--answers` give, and its paywall as a customer who
    /// owns nothing sees it at `--now` (else a fixed date).
    func pictureInputs() -> Result<(Deck, [String: Answer], PaywallSetup?), ExitStatus> {
        let deck: Deck
        switch loadDeck() {
        case .success(let loaded): deck = loaded
        case .failure(let status): return .failure(status)
        }
        let answers: [String: Answer]
        switch givenAnswers(for: deck) {
        case .success(let given): answers = given
        case .failure(let status): return .failure(status)
        }
        var paywall: PaywallSetup?
        if let path = catalogPath(for: deck) {
            switch loadCatalog(path) {
            case .success(let result):
                report(result.diagnostics)
                guard let catalog = result.catalog else { return .failure(ExitStatus(code: ExitCode.badData)) }
                let date = options.paywall.now ?? Self.pictureDate
                paywall = PaywallSetup(
                    catalog: catalog, clock: StoreClock(startWallDate: date, startSimulatedDate: date),
                    locale: userLocale, timeZone: TimeZone(identifier: "UTC")!)
            case .failure(let status):
                return .failure(status)
            }
        } else if deck.hasPaywall {
            printError(
                "the deck has a paywall page but names no catalog; add \"catalog\": \"FILE\" to it or pass --catalog FILE"
            )
            return .failure(ExitStatus(code: ExitCode.badData))
        }
        return .success((deck, answers, paywall))
    }

    /// `dump --animated-svg FILE`: the tour as autoplay plays it, at `--size`, in `--theme`, as
    /// one SVG file (replaced whole); its path is printed. A file that cannot be written is an
    /// I/O error (74).
    func writeAnimatedSVG(to path: String) -> Int32 {
        let inputs: (Deck, [String: Answer], PaywallSetup?)
        switch pictureInputs() {
        case .success(let loaded): inputs = loaded
        case .failure(let status): return status.code
        }
        let (deck, _, paywall) = inputs
        let size = options.pictures.size
        let frames = TourAnimation.frames(
            deck, width: size.columns, height: size.rows, paywall: paywall, layoutDirection: userLayoutDirection,
            appearance: pictureAppearance)
        let svg = AnimatedSVG(picture: SVGPicture(colorMode: .truecolor, appearance: pictureAppearance))
        return writePicture(svg.render(frames, title: SafeText.sanitize(deck.app.name)), to: path)
    }

    /// Writes one picture to `path` (replaced whole, readable as any new file is) and prints
    /// the path. A file that cannot be written is an I/O error (74).
    func writePicture(_ svg: String, to path: String) -> Int32 {
        guard writeSVGFile(svg, to: path) else { return ExitCode.ioError }
        return writeOutput(SafeText.sanitize(path) + "\n")
    }

    /// Writes `svg` to `path`, replaced whole, and makes it readable as any new file is (the
    /// write keeps files private; pictures are for publishing). False, said why, when it cannot.
    private func writeSVGFile(_ svg: String, to path: String) -> Bool {
        let mask = umask(0o022)
        umask(mask)
        do {
            try AtomicFile(path: path).write(svg.utf8)
        } catch {
            printError("could not \(error.operation) \(error.paths): \(error.reason)")
            return false
        }
        _ = chmod(path, 0o666 & ~mask)
        return true
    }

    /// `page-01.svg`, `page-02.svg`...: numbered so that they sort in page order.
    static func svgFileName(index: Int, pageCount: Int) -> String {
        "page-" + String(zeroPadded: index + 1, width: max(2, String(pageCount).count)) + ".svg"
    }

    /// Writes one SVG per page into `directory` (created when missing), each file replaced
    /// whole. A directory that cannot be made or written is an I/O error (74).
    private func writeSVGs(_ pictures: [PagePictures.Picture], to directory: String) -> Int32 {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                printError("cannot write pictures into \(directory): it is not a directory")
                return ExitCode.ioError
            }
        } else {
            do {
                _ = try Self.makeDirectories(directory)
            } catch {
                printError("could not create the directory \(directory): \(error.message)")
                return ExitCode.ioError
            }
        }
        let svg = SVGPicture(appearance: pictureAppearance)
        var written: [String] = []
        for picture in pictures {
            let path = PathText.join(directory, Self.svgFileName(index: picture.index, pageCount: picture.pageCount))
            guard writeSVGFile(svg.render(picture.canvas, title: picture.title), to: path) else {
                return ExitCode.ioError
            }
            written.append(path)
        }
        return writeOutput(written.map { SafeText.sanitize($0) + "\n" }.joined())
    }

    /// `symbols` lists the names; `symbols --preview` draws every symbol under its name (and
    /// the other names it answers to), as many side by side as `COLUMNS` (default 80) holds.
    func symbols() -> Int32 {
        guard options.pictures.isPreview else { return writeOutput(SymbolLibrary.names.joined(separator: "\n") + "\n") }
        let width = Int(environment["COLUMNS"] ?? "").map { max(20, $0) } ?? 80
        return writeOutput(SymbolPreview.lines(width: width).map { $0 + "\n" }.joined())
    }
}
