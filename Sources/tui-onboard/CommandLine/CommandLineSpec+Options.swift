import FoundationEssentials
import Glibc
import OnboardKit
import OnboardTerminal

/// The options of the one command-line table: each row names its spellings, what it takes, which
/// commands accept it and the help the parser, `--help`, the man page and the completions print.
extension CommandLineSpec {
    static let options: [OptionSpec] = [
        OptionSpec(
            names: ["--deck"],
            argument: .value(name: "FILE", completion: .files) { options, value in options.tour.deckPath = value },
            help:
                "the deck to show, or whose app and catalog status, has, paywall, answer, license and store use (default: the built-in tour)",
            commands: [.run, .status, .has, .answer, .answers, .paywall, .license, .store]),
        OptionSpec(
            names: ["--state-dir"],
            argument: .value(name: "DIR", completion: .directories) { options, value in
                options.state.directory = value
            },
            help:
                "where the first-run state, the purchase ledger and the licenses are kept (default: $XDG_STATE_HOME/tui-onboard, else ~/.local/state/tui-onboard)",
            commands: [.run, .status, .has, .answer, .answers, .paywall, .reset, .license, .store]),
        OptionSpec(
            names: ["--plain"], argument: .none { $0.tour.isPlain = true },
            help: "print every page as text to stdout instead (paywall: the paywall, then exit 1)",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--accessible"], argument: .none { $0.tour.isAccessible = true },
            help:
                "the tour as a conversation on plain lines, for screen readers and scripts: each page said once, questions and the paywall answered by typing a line (also TUI_ONBOARD_ACCESSIBLE=1, ACCESSIBLE=1, or \"accessible\": true in the config file)",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--warnings"], argument: .none { $0.output.showsWarnings = true },
            help:
                "also print the deck's and the catalog's warnings to stderr (validate always does; otherwise only errors are printed, so a host's users never see an author's warnings)",
            commands: [.run, .status, .has, .paywall, .dump, .store]),
        OptionSpec(
            names: ["--first-run"], argument: .none { $0.tour.isFirstRunOnly = true },
            help:
                "show the tour only if it was not seen yet; after an upgrade show only the pages new since the version seen; otherwise exit 0 at once",
            commands: [.run]),
        OptionSpec(
            names: ["--reduce-motion"], argument: .none { $0.tour.reducesMotion = true },
            help:
                "cut between pages instead of animating (also TUI_ONBOARD_REDUCE_MOTION=1, or \"reduceMotion\": true in the config file)",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--theme"],
            argument: .choice(name: "NAME", values: ThemeChoice.allCases.map(\.rawValue)) { options, value in
                options.tour.theme = ThemeChoice(rawValue: value)
            },
            help:
                "colours for a dark or a light terminal: dark, light or auto, which asks the terminal (default: the config file's \"theme\", else auto; dump: dark)",
            commands: [.run, .paywall, .dump]),
        OptionSpec(
            names: ["--images"],
            argument: .choice(name: "KIND", values: PictureChoice.names) { options, value in
                options.tour.pictures = PictureChoice(value)
            },
            help:
                "how PNG pictures are drawn: auto (asks the terminal), kitty, sixel, iterm, blocks (half blocks) or none (their alt text) (default: the config file's \"images\", else auto)",
            commands: [.run]),
        OptionSpec(
            names: ["--seed"],
            argument: .value(name: "N", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard let seed = UInt64(value) else {
                    throw OptionSpec.Rejection(reason: "needs a whole number from 0, not \"\(value)\"")
                }
                options.tour.seed = seed
            },
            help: "seed for anything random, so runs repeat exactly", commands: [.run, .paywall]),
        OptionSpec(
            names: ["--catalog"],
            argument: .value(name: "FILE", completion: .files) { options, value in options.paywall.catalogPath = value
            },
            help: "the paywall's product catalog (.json or an Xcode .storekit file), instead of the deck's",
            commands: [.run, .validate, .dump, .status, .has, .paywall, .license, .store]),
        OptionSpec(
            names: ["--simulate"],
            argument: .choice(name: "MODE", values: Options.simulationModes) { options, value in
                options.paywall.simulation = value
            },
            help: "purchase outcome: success, fail, cancel, pending or prompt (ask each time)",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--latency"],
            argument: .value(name: "SECONDS", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard let seconds = Double(value), seconds >= 0, seconds <= 60 else {
                    throw OptionSpec.Rejection(reason: "needs seconds from 0 to 60, not \"\(value)\"")
                }
                options.paywall.latency = seconds
            },
            help: "how long a simulated purchase or restore takes (default 1)", commands: [.run, .paywall]),
        OptionSpec(
            names: ["--time-rate"],
            argument: .value(name: "N", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard let rate = Double(value), rate > 0, rate <= 31_536_000 else {
                    throw OptionSpec.Rejection(reason: "needs a positive number up to 31536000, not \"\(value)\"")
                }
                options.paywall.timeRate = rate
            },
            help: "simulated seconds per real second, for renewals (86400: a day a second)",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--now"],
            argument: .value(name: "DATE", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                let date: Date
                do throws(RFC3339Date.ParseError) {
                    date = try RFC3339Date.parse(value)
                } catch {
                    let forms = "\(RFC3339Date.acceptedForms), such as 2026-01-31 or 2026-01-31T09:00:00+01:00"
                    throw OptionSpec.Rejection(
                        reason: "needs \(forms); not \"\(SafeText.excerpt(value))\": \(error.reason)")
                }
                guard StoreClock.dates.contains(date) else {
                    throw OptionSpec.Rejection(
                        reason:
                            "needs a date in the years 1970 to 8999, which the store's clock runs through (so that a "
                            + "period of up to 999 years still ends in a four-digit year), not \"\(SafeText.excerpt(value))\""
                    )
                }
                options.paywall.now = date
            },
            help:
                "start the store's clock at DATE: 2026-01-31 (midnight UTC) or an RFC 3339 date and time such as 2026-01-31T09:00:00Z or 2026-01-31T09:00:00.5+01:00, from 1970 to 8999",
            commands: [.run, .dump, .status, .has, .paywall, .license, .store]),
        OptionSpec(
            names: ["--result-json"],
            argument: .value(name: "FILE", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE, or -") }
                options.output.resultPath = value
            },
            help:
                "write what happened (outcome, pages seen, purchases, review) as JSON to FILE once the terminal is restored; - for stdout",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--events"],
            argument: .value(name: "FILE", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE, or -") }
                options.output.eventsPath = value
            },
            help:
                "append one JSON line per event (page viewed, paywall shown, purchase, review, finished) to FILE as it happens, a FIFO too (docs/events.md); - for stdout once the terminal is restored",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--if-needed"], argument: .none { $0.paywall.isPaywallIfNeeded = true },
            help:
                "only when the entitlement is not active: when it is, exit 0 at once, touching neither the terminal nor the first-run state",
            commands: [.paywall]),
        OptionSpec(
            names: ["--offering"],
            argument: .value(name: "ID", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs an offering id") }
                options.paywall.offeringID = value
            },
            help: "the catalog's offering to show (default: the deck's first paywall page, else the current offering)",
            commands: [.paywall]),
        OptionSpec(
            names: ["--answer"],
            argument: .value(name: "ID=VALUE", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    throw OptionSpec.Rejection(
                        reason: "needs ID=VALUE, such as shell=zsh, not \"\(SafeText.excerpt(value))\"")
                }
                options.tour.givenAnswers.append(
                    TourOptions.GivenAnswer(
                        id: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
            },
            help:
                "answer question ID (repeatable): a choice's id (ids joined by commas for several), the text, or yes or no; --plain and --autoplay need every required question answered or given a default, a tour and dump start with it answered",
            commands: [.run, .dump]),
        OptionSpec(
            names: ["--variant"],
            argument: .value(name: "EXPERIMENT=VARIANT", completion: .nothing) {
                options, value throws(OptionSpec.Rejection) in
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex,
                    value.index(after: equals) != value.endIndex
                else {
                    throw OptionSpec.Rejection(
                        reason: "needs EXPERIMENT=VARIANT, such as paywall-title=b, not \"\(SafeText.excerpt(value))\"")
                }
                options.tour.forcedVariants[String(value[..<equals])] = String(value[value.index(after: equals)...])
            },
            help:
                "show VARIANT of the deck's EXPERIMENT whatever the install id says (repeatable; for demos and tests): its texts, its pages and its events, never kept in the state; an experiment or variant the deck does not have exits 2",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--answers"],
            argument: .value(name: "FILE", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE") }
                options.tour.answersPath = value
            },
            help:
                "answers as a JSON object by question ID (strings, lists of ids, booleans), as the result JSON's \"answers\"; --answer overrides it",
            commands: [.run, .dump]),
        OptionSpec(
            names: ["--autoplay"],
            argument: .value(name: "SECONDS", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard let seconds = Double(value), seconds >= 0.1, seconds <= 3600 else {
                    throw OptionSpec.Rejection(reason: "needs seconds from 0.1 to 3600, not \"\(value)\"")
                }
                options.tour.autoplaySeconds = seconds
            },
            help:
                "turn the page by itself every SECONDS (the slide as usual); any key pauses, p resumes; nothing is bought",
            commands: [.run]),
        OptionSpec(
            names: ["--loop"], argument: .none { $0.tour.loops = true },
            help: "with --autoplay, start over after the last page, until q (a kiosk)", commands: [.run]),
        OptionSpec(
            names: ["--record"],
            argument: .value(name: "FILE", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE") }
                options.output.recordPath = value
            },
            help:
                "record everything written to the terminal as an asciicast v2 file (asciinema play FILE plays it)",
            commands: [.run, .paywall]),
        OptionSpec(
            names: ["--app"],
            argument: .value(name: "ID", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs an app id") }
                options.state.appID = value
            },
            help: "the app whose first-run state, answers, entitlements or licenses are meant (default: the deck's)",
            commands: [.status, .has, .answer, .answers, .reset, .license, .store]),
        OptionSpec(
            names: ["--public-key"],
            argument: .value(name: "ed25519:HEX", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                switch LicensePublicKey.parse(value) {
                case .success(let key): options.paywall.publicKeys.append(key)
                case .failure(let problem): throw OptionSpec.Rejection(reason: problem.reason)
                }
            },
            help:
                "a public key that signs the app's licenses (repeatable), beside the catalog's; with no catalog, only licenses count",
            commands: [.status, .has, .license]),
        OptionSpec(
            names: ["--key"],
            argument: .value(name: "LICENSE-KEY", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                options.paywall.licenseKey = value
            },
            help: "the license key an encrypted license file opens with (license add)", commands: [.license]),
        OptionSpec(
            names: ["--key-file"],
            argument: .value(name: "FILE", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE") }
                options.paywall.licenseKeyFile = value
            },
            help: "a file whose first line is that license key, kept out of the process list (license add)",
            commands: [.license]),
        OptionSpec(
            names: ["--size"],
            argument: .value(name: "WxH", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard let size = TerminalSize(parsing: value) else {
                    let maximum = TerminalSize.maximum
                    throw OptionSpec.Rejection(
                        reason:
                            "needs COLUMNSxROWS from 1x1 to \(maximum.columns)x\(maximum.rows), such as 80x24, not \"\(value)\""
                    )
                }
                options.pictures.size = size
            },
            help: "the terminal size the pages are drawn at (default 80x24)", commands: [.dump]),
        OptionSpec(
            names: ["--svg"],
            argument: .value(name: "DIR", completion: .directories) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a DIR") }
                options.pictures.svgDirectory = value
            },
            help: "write one SVG picture per page into DIR (page-01.svg...) instead of text", commands: [.dump]),
        OptionSpec(
            names: ["--animated-svg"],
            argument: .value(name: "FILE", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE") }
                options.pictures.animatedSVGPath = value
            },
            help:
                "write the tour as it plays by itself (each page 2.5 s, slides and confetti) as one SVG animated with CSS, for a README",
            commands: [.dump]),
        OptionSpec(
            names: ["--from"],
            argument: .value(name: "FILE.cast", completion: .files) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs a FILE.cast") }
                options.pictures.castPath = value
            },
            help:
                "with --animated-svg: play this asciicast recording (--record's or asciinema's, at its own size) instead of the deck",
            commands: [.dump]),
        OptionSpec(
            names: ["--preview"], argument: .none { $0.pictures.isPreview = true },
            help: "draw every symbol under its name", commands: [.symbols]),
        OptionSpec(
            names: ["--json"], argument: .none { $0.output.isJSON = true },
            help: "print for programs rather than people (docs/status-json.md; report: docs/events.md)",
            commands: [.status, .answer, .answers, .license, .store, .report]),
        OptionSpec(
            names: ["--sandbox"], argument: .none { $0.paywall.usesSandbox = true },
            help:
                "use the sandbox ledger, where purchases made under --now or --time-rate go; status and has read the real one without it",
            commands: [.run, .status, .has, .paywall, .store]),
        OptionSpec(
            names: ["--lang"],
            argument: .value(name: "TAG", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard !LanguagePreference.list(value).isEmpty else {
                    throw OptionSpec.Rejection(
                        reason:
                            "needs a language such as de, pt_BR or zh-Hans (a list as fr:de), not \"\(SafeText.excerpt(value))\""
                    )
                }
                options.tour.language = value
            },
            help:
                "the language to read the deck's and catalog's texts and product names in (a list as fr:de), and whose conventions numbers, prices and dates follow, before LANGUAGE, LC_ALL, LC_MESSAGES and LANG, which work whether or not the locale is installed",
            commands: [.run, .paywall, .dump, .status, .store]),
        OptionSpec(
            names: ["--offer"],
            argument: .value(name: "ID", completion: .nothing) { options, value throws(OptionSpec.Rejection) in
                guard !value.isEmpty else { throw OptionSpec.Rejection(reason: "needs an offer id") }
                options.storeAction.offerID = value
            },
            help: "store buy: buy under this promotional or win-back offer of the product", commands: [.store]),
        OptionSpec(
            names: ["--reason"],
            argument: .value(name: "TEXT", completion: .nothing) { options, value in
                options.storeAction.refundReason = value
            },
            help: "store refund: why, kept with the refund (up to 200 characters)", commands: [.store]),
        OptionSpec(
            names: ["--revoke"], argument: .none { $0.storeAction.revokes = true },
            help: "store refund: withdraw access without a refund (family sharing ended, say)", commands: [.store]),
        OptionSpec(
            names: ["--consent"], argument: .none { $0.storeAction.needsConsent = true },
            help: "store price-increase: renew at the new price only if the customer agrees", commands: [.store]),
        OptionSpec(
            names: ["--agree"], argument: .none { $0.storeAction.priceAnswer = true },
            help: "store price-increase PRODUCT: the customer agrees to the increase", commands: [.store]),
        OptionSpec(
            names: ["--decline"], argument: .none { $0.storeAction.priceAnswer = false },
            help: "store price-increase PRODUCT: the customer declines it; the subscription ends with its period",
            commands: [.store]),
        OptionSpec(
            names: ["--layout"],
            argument: .choice(name: "NAME", values: PaywallLayout.allCases.map(\.rawValue)) { options, value in
                options.starter.layout = PaywallLayout(rawValue: value)
            },
            help:
                "init: the starter paywall's layout, list, cards, tiers or comparison (default: asked when standard input and error are a terminal, else list)",
            commands: [.initialize]),
        OptionSpec(
            names: ["--purchases"], argument: .none { $0.state.resetsPurchases = true },
            help: "also move the purchase ledger aside, never deleting it, and print where", commands: [.reset]),
        OptionSpec(
            names: ["-h", "--help"], argument: .none { $0.command = .help },
            help: "show the help; after a command, its own",
            commands: everyCommand),
        OptionSpec(
            names: ["-V", "--version"], argument: .none { $0.command = .version }, help: "show the version",
            commands: everyCommand),
        OptionSpec(
            names: ["--verbose"], argument: .none { $0.output.isVerbose = true },
            help:
                "with --version: also say where the built-in tour, the message catalogs (and the language's), the state directory and the config file are found",
            commands: everyCommand),
        // Generators of the checked-in man page and completions (`make cli-docs`).
        OptionSpec(
            names: ["--man"], argument: .none { $0.command = .manPage }, help: "print the man page (roff)",
            commands: [.run], isHidden: true),
        OptionSpec(
            names: ["--completions"],
            argument: .choice(name: "SHELL", values: CompletionShell.allCases.map(\.rawValue)) { options, value in
                if let shell = CompletionShell(rawValue: value) { options.command = .completions(shell) }
            },
            help: "print the completion script for bash, zsh or fish", commands: [.run], isHidden: true),
    ]
}
