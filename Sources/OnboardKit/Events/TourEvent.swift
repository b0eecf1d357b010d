import FoundationEssentials

/// Something that happened in a run, for the host's event stream (`--events FILE`, see
/// docs/events.md): the app queues these where they happen (`OnboardingApp.takeEvents()`),
/// and the shell stamps each with the time and writes it as one JSON line. The core reads no
/// clock, so an event carries no time of its own.
///
/// A new kind of event is a new case here, its `name`, and its `fields`, then a line in
/// docs/events.md and Assets/schemas/events.schema.json.
public enum TourEvent: Hashable, Sendable {
    /// The run began; `pageCount` pages are shown (the new ones in What's New, one at the gate).
    case tourStarted(pageCount: Int)
    /// A page came into view. `index` is into the pages shown; the line names the deck's index.
    /// `id` is the page's own id, for the kinds of page that have one.
    case pageViewed(index: Int, id: String?, kind: String)
    /// A question page was answered (Enter, a click, or Next with what it held), or its answer
    /// changed: `answer` as in the result JSON.
    case questionAnswered(index: Int, id: String, answer: Answer)
    /// A paywall page came into view, with its offering and the package selected at first.
    case paywallShown(index: Int, offering: String?, package: String?)
    /// A user leaving a paywall page without buying was shown its exit offer in its place
    /// (`id`, the offer's), with the offering and the package selected at first.
    case exitOfferShown(index: Int, id: String, offering: String?, package: String?)
    /// A user who declined a paywall page was asked its survey (`id`, the question's); the answer
    /// follows as `questionAnswered`, or nothing when the user went on without one.
    case surveyShown(index: Int, id: String)
    /// The customer moved the paywall's selection to another package.
    case packageSelected(offering: String, package: String, product: String)
    /// The store was asked to buy a package (the test store's sheet may ask first).
    case purchaseStarted(package: String, product: String)
    /// The purchase reached the ledger: `state` is the transaction's (`purchased`, or
    /// `pending` for ask to buy); `charge` what it cost then and whether it starts an offer.
    case purchaseFinished(package: String, product: String, transaction: String, state: String, charge: PurchaseCharge)
    /// The purchase ended without a transaction; `message` is what the paywall said.
    case purchaseFailed(package: String, product: String, cause: PurchaseFailure, message: String?)
    case restoreStarted
    /// The restore finished: the entitlements it made active again, and all active after it.
    case restoreFinished(restored: [String], active: [String])
    case reviewAnswered(ReviewAnswer)
    /// The run ended; `lastPage` is into the pages shown, as `index` above.
    case tourFinished(outcome: RunOutcome, lastPage: Int)

    /// Why a purchase ended without a transaction.
    public enum PurchaseFailure: String, Hashable, Sendable {
        /// The customer backed out (the test store's sheet, `--simulate cancel`).
        case cancelled
        /// The store said no: a payment that failed (`--simulate fail`).
        case failed
        /// The store would not start it: already subscribed or owned, waiting for approval.
        case refused
        /// Bought, but the ledger could not be written, so nothing counts.
        case notSaved = "not-saved"
    }

    /// The `"event"` member: the case's name.
    public var name: String {
        switch self {
        case .tourStarted: return "tourStarted"
        case .pageViewed: return "pageViewed"
        case .questionAnswered: return "questionAnswered"
        case .paywallShown: return "paywallShown"
        case .exitOfferShown: return "exitOfferShown"
        case .surveyShown: return "surveyShown"
        case .packageSelected: return "packageSelected"
        case .purchaseStarted: return "purchaseStarted"
        case .purchaseFinished: return "purchaseFinished"
        case .purchaseFailed: return "purchaseFailed"
        case .restoreStarted: return "restoreStarted"
        case .restoreFinished: return "restoreFinished"
        case .reviewAnswered: return "reviewAnswered"
        case .tourFinished: return "tourFinished"
        }
    }

    /// The members after the common ones, in the order written; page indexes are the deck's.
    public func fields(in context: TourEventContext) -> [(key: String, value: JSONValue)] {
        switch self {
        case .tourStarted(let pageCount):
            return [("pages", .int(pageCount))]
        case .pageViewed(let index, let id, let kind):
            return [("index", .orNull(context.deckIndex(of: index))), ("id", .orNull(id)), ("kind", .string(kind))]
        case .questionAnswered(let index, let id, let answer):
            return [
                ("index", .orNull(context.deckIndex(of: index))), ("id", .string(id)), ("answer", answer.jsonValue),
            ]
        case .paywallShown(let index, let offering, let package):
            return [
                ("index", .orNull(context.deckIndex(of: index))), ("offering", .orNull(offering)),
                ("package", .orNull(package)),
            ]
        case .exitOfferShown(let index, let id, let offering, let package):
            return [
                ("index", .orNull(context.deckIndex(of: index))), ("id", .string(id)), ("offering", .orNull(offering)),
                ("package", .orNull(package)),
            ]
        case .surveyShown(let index, let id):
            return [("index", .orNull(context.deckIndex(of: index))), ("id", .string(id))]
        case .packageSelected(let offering, let package, let product):
            return [("offering", .orNull(offering)), ("package", .orNull(package)), ("product", .string(product))]
        case .purchaseStarted(let package, let product):
            return [("package", .orNull(package)), ("product", .string(product))]
        case .purchaseFinished(let package, let product, let transaction, let state, let charge):
            return [
                ("package", .orNull(package)), ("product", .string(product)), ("transaction", .string(transaction)),
                ("state", .string(state)), ("price", .string(charge.priceText)), ("currency", .string(charge.currency)),
                ("trial", .bool(charge.startsOffer)),
            ]
        case .purchaseFailed(let package, let product, let cause, let message):
            return [
                ("package", .orNull(package)), ("product", .string(product)), ("cause", .string(cause.rawValue)),
                ("message", .orNull(message)),
            ]
        case .restoreStarted:
            return []
        case .restoreFinished(let restored, let active):
            return [("restored", .array(restored.map { .string($0) })), ("active", .array(active.map { .string($0) }))]
        case .reviewAnswered(let answer):
            return [("answer", .string(answer.name)), ("stars", .orNull(answer.stars))]
        case .tourFinished(let outcome, let lastPage):
            return [("outcome", .string(outcome.rawValue)), ("lastPage", .orNull(context.deckIndex(of: lastPage)))]
        }
    }

    /// The version of the line's format, `"version"` in every line: it changes only when a
    /// member changes meaning or goes away (new events and members may come in the same one).
    public static let formatVersion = 1

    /// The event as one line of JSON, ending in a newline: the common members (`event`,
    /// `version`, `time` in RFC 3339 UTC with milliseconds, `run`, `mode`, `assignments`), then its
    /// own.
    public func jsonLine(at time: Date, in context: TourEventContext) -> String {
        let common: [(key: String, value: JSONValue)] = [
            ("event", .string(name)), ("version", .int(Self.formatVersion)),
            ("time", .string(RFC3339Date.utcText(time))), ("run", .string(context.run)),
            ("mode", .string(context.mode.rawValue)),
            (
                "assignments",
                .object(context.assignments.keys.sorted().map { ($0, .string(context.assignments[$0]!)) })
            ),
        ]
        return JSONValue.object(common + fields(in: context)).text + "\n"
    }
}
