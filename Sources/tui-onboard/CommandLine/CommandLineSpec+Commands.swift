import FoundationEssentials
import Glibc
import OnboardKit

/// The rows of the commands in the one command-line table, each one's word, arguments, help
/// and how its arguments are read; `CommandLineSpec.command(_:)` keys them by `CommandName`.
extension CommandLineSpec {
    static let runCommand = CommandSpec(
        name: .run, arguments: "", argumentCompletion: .nothing,
        summary: "Shows a first-run onboarding tour in the terminal.",
        details:
            "Without a command tui-onboard shows the tour of --deck (default: the built-in one) as a carousel of pages, with --plain as text on standard output; see the keys below. With --first-run it shows only what this user has not seen yet.",
        parse: { _ throws(Options.UsageError) in .run })

    static let validateCommand = CommandSpec(
        name: .validate, arguments: "FILE...", argumentCompletion: .files,
        summary: "check decks, catalogs and .storekit files; exit 0 when valid, 65 when not",
        details:
            "Every problem is printed as file:line:column, the JSON path and what to do; pages that do not fit at 80x24 are warned about. A deck's paywall is checked against its catalog, or --catalog.",
        parse: { arguments throws(Options.UsageError) in
            guard !arguments.isEmpty else {
                throw Options.UsageError(description: "validate needs at least one FILE")
            }
            return .validate(arguments)
        })

    static let symbolsCommand = CommandSpec(
        name: .symbols, arguments: "", argumentCompletion: .nothing,
        summary: "list the built-in symbols for hero pages; --preview draws each one under its name",
        details: "--preview lays the drawings side by side, as many as COLUMNS (default 80) holds.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.isEmpty else { throw Options.UsageError(description: "symbols takes no arguments") }
            return .symbols
        })

    static let dumpCommand = CommandSpec(
        name: .dump, arguments: "[DECK]", argumentCompletion: .files,
        summary:
            "print every page of DECK (default: the built-in tour) as it looks at rest at --size; --svg DIR writes pictures instead",
        details:
            "Each page is the app's own frame once nothing moves (reduced motion), under a header line with its number and title: every page as it first looks, those after a question no one answered too, and the question pages with what --answer and --answers give. A page whose \"when\" is false with those answers, the questions' defaults and no entitlement is left out, and the pages are numbered along the path drawn. With --svg DIR, DIR/page-01.svg... are written (DIR is made when missing) and their paths printed: a monospace grid in the colours of a 256-colour terminal, block art as rectangles. The paywall shows its catalog to a customer who owns nothing, at 2026-01-01 or --now; the same deck always gives the same bytes. With --animated-svg FILE --from FILE.cast, an asciicast recording plays through libvterm instead, at its own size: pauses over 3 s (or its idle_time_limit) shortened, at most 120 s. Exit 65 for a bad deck, catalog, answer or recording (not an asciicast, over 8 MiB), 66 for a missing one (or a FIFO), 74 when DIR or FILE cannot be made or written.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.count <= 1 else { throw Options.UsageError(description: "dump takes at most one DECK") }
            guard let deck = arguments.first else { return .dump(nil) }
            guard !deck.isEmpty else {
                throw Options.UsageError(description: "dump needs a DECK that is not empty")
            }
            return .dump(deck)
        })

    static let statusCommand = CommandSpec(
        name: .status, arguments: "", argumentCompletion: .nothing,
        summary:
            "the app's first-run state, its answers and every entitlement at --now (default: now); --json for programs (docs/status-json.md); never writes",
        details:
            "The app is --app, else the deck's; entitlements are read through --catalog, else the deck's catalog, else the one the app's deck named when its tour last ran. Exit 0; 65 for a damaged state file, ledger or catalog; 66 for a missing deck or catalog.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.isEmpty else { throw Options.UsageError(description: "status takes no arguments") }
            return .status
        })

    static let hasCommand = CommandSpec(
        name: .has, arguments: "ENTITLEMENT", argumentCompletion: .nothing,
        summary:
            "exit 0 when the entitlement is active, 1 when not, 2 when the catalog has no such entitlement; prints nothing; never writes",
        details:
            "The app and its catalog are found as for status. Exit 65 for a damaged ledger or catalog, 66 for a missing deck or catalog.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.count == 1, !arguments[0].isEmpty else {
                throw Options.UsageError(description: "has needs one ENTITLEMENT, such as `has pro`")
            }
            return .has(arguments[0])
        })

    static let answerCommand = CommandSpec(
        name: .answer, arguments: "ID", argumentCompletion: .nothing,
        summary:
            "print the stored answer to question ID (exit 1 when it has none), for a shell: shell=$(tui-onboard answer shell --deck FILE); --json prints it as JSON; never writes",
        details:
            "The app is --app, else the deck's. A text or a choice's id is printed as it is, several ids one per line, yes or no as true or false; a control character or line break a state file edited by hand put in one is shown as a visible symbol, and --json escapes it. Exit 0 with the answer, 1 when the question was not answered, 2 for a question the deck does not ask or an app named by --app alone that the state directory does not know (its tour or paywall never ran there), with a did-you-mean, 65 for a damaged state file, 74 for one that cannot be read (or a state directory that is not yours).",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.count == 1, !arguments[0].isEmpty else {
                throw Options.UsageError(description: "answer needs one question ID, such as `answer shell`")
            }
            return .answer(arguments[0])
        })

    static let answersCommand = CommandSpec(
        name: .answers, arguments: "", argumentCompletion: .nothing,
        summary:
            "print every stored answer of the app, one ID=VALUE line each (--json: one JSON object); never writes",
        details:
            "The app is --app, else the deck's. Several ids are joined by commas in a line. Exit 0 (nothing printed, or {}, when there are none), 2 for an app named by --app alone that the state directory does not know, with a did-you-mean, 65 for a damaged state file, 74 for one that cannot be read (or a state directory that is not yours).",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.isEmpty else { throw Options.UsageError(description: "answers takes no arguments") }
            return .answers
        })

    static let paywallCommand = CommandSpec(
        name: .paywall, arguments: "ENTITLEMENT", argumentCompletion: .nothing,
        summary:
            "show only the paywall and exit 0 if the entitlement is active when it closes, 1 if not; with --if-needed exit 0 at once when it is active already (as has)",
        details:
            "A host gates a feature with `tui-onboard paywall --if-needed pro && pro_feature`. The paywall is the deck's paywall page for --offering, else the first one whose \"when\" the answers kept from the tour show, else its first one; a deck without one gets a plain paywall of the catalog's offering. Nothing else of the tour shows; with --if-needed and the entitlement active (by has's rules) nothing is shown at all and the terminal is not touched; the first-run state keeps no record of the gate, so the real tour still shows on the next --first-run; a shown paywall only remembers the deck's catalog, so has --app ID answers for the app. The ledger is the one the paywall buys into: the sandbox one under --now, --time-rate or --sandbox. n, Esc or q closes it. With --plain the paywall is printed and the exit code is 1 (nothing can be bought in text). Exit 2 for an entitlement or offering the catalog does not define or when not on a terminal, 65 for a damaged ledger or catalog, 66 for a missing deck or catalog.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.count == 1, !arguments[0].isEmpty else {
                throw Options.UsageError(
                    description: "paywall needs one ENTITLEMENT, such as `paywall --if-needed pro`")
            }
            return .paywall(arguments[0])
        })

    static let resetCommand = CommandSpec(
        name: .reset, arguments: "", argumentCompletion: .nothing,
        summary:
            "forget the first-run state and answers of --app ID (all apps without --app); --purchases also moves the purchase ledger aside and prints where",
        details:
            "The tour then shows again on the next --first-run. The ledger is moved to ledger.reset-TIME.jsonl, never deleted. Exit 0, or 74 when something could not be written.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.isEmpty else { throw Options.UsageError(description: "reset takes no arguments") }
            return .reset
        })

    static let licenseCommand = CommandSpec(
        name: .license, arguments: "add FILE|- | list | remove LID | fingerprint", argumentCompletion: .files,
        summary:
            "add a signed license (verified, then kept in the state directory), list the stored ones (--json), remove one, or print this machine's fingerprint",
        details:
            "The app and its public keys come from --deck or --catalog (its \"licensing\") and --public-key. add verifies the file as has does and stores it with mode 0600; a license that is bad, or grants nothing now (expired, for another app, or an entitlement the catalog does not have), exits 65 with the reason on one line and stores nothing. list verifies each stored license again. An encrypted keygen.sh file (aes-256-gcm+ed25519) opens with its license key, --key LICENSE-KEY or --key-file FILE, which is stored beside it (0600) and removed with it; without it, or with a wrong one, add exits 65 and stores nothing. A machine file must have been checked out for this machine: fingerprint prints the app's fingerprint of it (an HMAC-SHA256 of /etc/machine-id, never the id), for the vendor's activation. Exit 66 when FILE or LID is missing (or this machine has no machine id), 74 when the state directory cannot be written.",
        parse: { arguments throws(Options.UsageError) in
            switch (arguments.first, arguments.count) {
            case ("add", 2) where !arguments[1].isEmpty: return .license(.add(arguments[1]))
            case ("list", 1): return .license(.list)
            case ("fingerprint", 1): return .license(.fingerprint)
            case ("remove", 2) where !arguments[1].isEmpty: return .license(.remove(arguments[1]))
            default:
                throw Options.UsageError(
                    description: "license needs add FILE (or - for standard input), list, remove LID, or fingerprint")
            }
        })

    static let storeCommand = CommandSpec(
        name: .store,
        arguments: "ACTION [ARGUMENTS]",
        argumentCompletion: .nothing,
        summary:
            "act on the simulated store as its transaction manager does (buy, cancel, refund, fail a renewal, raise a price, redeem a code) at --now, or list its transactions (--json)",
        details:
            "The actions: buy PRODUCT, transactions, cancel PRODUCT, uncancel PRODUCT, refund TRANSACTION, billing-issue PRODUCT, resolve PRODUCT, price-increase PRODUCT PRICE, redeem CODE. Each action goes through the same gate, lock and ledger as the paywall, so a demo can be scripted and a host can test its own gates; with --now or --sandbox it uses the sandbox ledger (has and status read it with --sandbox). buy PRODUCT subscribes, or for a subscriber of its group changes the plan (an upgrade at once with the unused part refunded, a downgrade at the next renewal; choosing the current plan again calls a waiting change off); --offer ID buys under a promotional offer. cancel and uncancel turn auto-renew off and on; refund TRANSACTION (--reason TEXT, --revoke) ends access at once; billing-issue PRODUCT makes the next renewal fail (the catalog's grace period, then billing retry), resolve PRODUCT fixes it; price-increase PRODUCT PRICE raises the renewal price, with --consent only if the customer agrees (price-increase PRODUCT --agree or --decline answers); redeem CODE takes an offer code. PRODUCT may name any plan of the subscription's group. Exit 0 when done (what happened is printed), 1 when the store refuses (nothing is written, the reason is on stderr), 2 for an unknown product, transaction or code, 65 for a damaged ledger or catalog, 66 for a missing one, 74 when the ledger cannot be written.",
        parse: { arguments throws(Options.UsageError) in .store(try Options.StoreAction.parse(arguments)) })

    static let initializeCommand = CommandSpec(
        name: .initialize, arguments: "[DIR]", argumentCompletion: .directories,
        summary:
            "write a starter deck (a step, a hero, a question and a paywall page), its art and a catalog into DIR (default: the current directory)",
        details:
            "DIR is made when missing. The installed deck and catalog schemas are copied to DIR/schemas, which the files' \"$schema\" names, so editors check them offline. The paywall's layout is --layout NAME; without it, init asks for one when standard input and standard error are a terminal (a number or a name; Enter takes list; end of input writes nothing and exits 1), and takes list otherwise. Files that exist are never overwritten: when one of them is there, nothing is written and the exit code is 73.",
        parse: { arguments throws(Options.UsageError) in
            guard arguments.count <= 1 else { throw Options.UsageError(description: "init takes at most one DIR") }
            guard let directory = arguments.first else { return .initialize(nil) }
            guard !directory.isEmpty else {
                throw Options.UsageError(description: "init needs a DIR that is not empty")
            }
            return .initialize(directory)
        })
}
