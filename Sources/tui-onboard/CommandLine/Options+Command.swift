import FoundationEssentials
import Glibc
import OnboardKit

extension Options {
    /// What the command line asks for, with its arguments. `Launcher.run` switches over it
    /// with no `default:`, so a case without a handler does not compile.
    enum Command: Equatable {
        case run
        case validate([String])
        case symbols
        /// Every page of a deck (nil: the built-in tour) drawn at rest at `--size`, as text or
        /// (`--svg DIR`) pictures.
        case dump(String?)
        /// The first-run state and entitlements of one app, read without writing.
        case status
        /// Whether one entitlement is active: the exit code says.
        case has(String)
        /// The stored answer to one question, for a host's script.
        case answer(String)
        /// Every stored answer of the app.
        case answers
        /// The paywall alone, for an entitlement (with `--if-needed`, only when it is not active).
        case paywall(String)
        /// Forgets first-run state (and with `--purchases` sets the ledger aside).
        case reset
        /// Adds, lists or removes the signed licenses in the state directory.
        case license(LicenseAction)
        /// Acts on the simulated store as its transaction manager does, or lists its transactions.
        case store(StoreAction)
        case help
        /// `tui-onboard COMMAND --help`.
        case commandHelp(CommandName)
        case version
        /// Writes a starter deck, its art and a catalog into the directory (nil: the current one).
        case initialize(String?)
        /// The funnel of event files (`-`: standard input), overall and per variant.
        case report([String])
        /// Prints the man page, made from the table (`--man`, for `make cli-docs`).
        case manPage
        /// Prints a shell's completion script (`--completions SHELL`, for `make cli-docs`).
        case completions(CompletionShell)

        /// The table's command this is; nil for the help, the version and the generators,
        /// which answer whatever command the line names.
        var name: CommandName? {
            switch self {
            case .run: return .run
            case .validate: return .validate
            case .symbols: return .symbols
            case .dump: return .dump
            case .status: return .status
            case .has: return .has
            case .answer: return .answer
            case .answers: return .answers
            case .paywall: return .paywall
            case .reset: return .reset
            case .license: return .license
            case .store: return .store
            case .initialize: return .initialize
            case .report: return .report
            case .help, .commandHelp, .version, .manPage, .completions: return nil
            }
        }
    }

    /// What `license` does.
    enum LicenseAction: Equatable {
        /// Verifies and stores a license file (`-`: standard input).
        case add(String)
        case list
        /// Prints this machine's fingerprint for the app, for keygen.sh's machine activation.
        case fingerprint
        case remove(String)
    }

    /// What `store` does: the actions of StoreKit testing's transaction manager.
    enum StoreAction: Equatable {
        case buy(String)
        case transactions
        case cancel(String)
        case uncancel(String)
        case refund(String)
        case billingIssue(String)
        case resolve(String)
        /// A new price; nil answers the pending one (`--agree`, `--decline`).
        case priceIncrease(String, price: String?)
        case redeem(String)

        /// The words after `store`, or why they are wrong.
        static func parse(_ arguments: [String]) throws(UsageError) -> StoreAction {
            let name = arguments.first ?? ""
            let rest = Array(arguments.dropFirst())
            func one(_ what: String) throws(UsageError) -> String {
                guard rest.count == 1, !rest[0].isEmpty else {
                    throw UsageError(description: "store \(name) needs one \(what)")
                }
                return rest[0]
            }
            switch name {
            case "buy": return .buy(try one("PRODUCT"))
            case "transactions":
                guard rest.isEmpty else { throw UsageError(description: "store transactions takes no arguments") }
                return .transactions
            case "cancel": return .cancel(try one("PRODUCT"))
            case "uncancel": return .uncancel(try one("PRODUCT"))
            case "refund": return .refund(try one("TRANSACTION (store transactions lists them)"))
            case "billing-issue": return .billingIssue(try one("PRODUCT"))
            case "resolve": return .resolve(try one("PRODUCT"))
            case "redeem": return .redeem(try one("CODE"))
            case "price-increase":
                guard (1...2).contains(rest.count), !rest[0].isEmpty else {
                    throw UsageError(
                        description: "store price-increase needs PRODUCT and a PRICE (or --agree or --decline)")
                }
                return .priceIncrease(rest[0], price: rest.count == 2 ? rest[1] : nil)
            default:
                throw UsageError(
                    description: "store needs one of " + storeWords.joined(separator: ", ")
                        + (name.isEmpty ? "" : "; not \"\(SafeText.excerpt(name))\""))
            }
        }

        static let storeWords = [
            "buy", "transactions", "cancel", "uncancel", "refund", "billing-issue", "resolve", "price-increase",
            "redeem",
        ]
    }
}
