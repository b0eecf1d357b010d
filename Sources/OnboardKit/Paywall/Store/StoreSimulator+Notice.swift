extension StoreSimulator {
    /// What the paywall tells the customer after an operation.
    public enum Notice: Hashable, Sendable {
        case purchased(productName: String)
        /// The purchase failed; the paywall offers to retry.
        case failed(reason: String)
        /// A restore found purchases that make these entitlements active again (they were not
        /// active when the restore began).
        case restored(entitlements: [String])
        /// A restore found nothing new: these entitlements were active already.
        case alreadyActive(entitlements: [String])
        case nothingToRestore
        case awaitingApproval(productName: String)
        /// The product, or another of its subscription group, is already active.
        case alreadySubscribed
        /// The non-consumable product is already owned.
        case alreadyOwned
        case approved(productName: String)
        case declined(productName: String)
        /// The ask-to-buy request was approved or declined elsewhere already.
        case alreadyAnswered(productName: String)
        /// A plan change or another lifecycle action was recorded: what it did.
        case changed(title: String, message: String)
        /// The store would not do it (a refund of a refunded purchase, a code not eligible).
        case refused(message: String)
        /// The stored purchases needed attention: a damaged ledger was repaired, or the ledger
        /// could not be read.
        case storageProblem(StorageProblem)

        public var title: String {
            switch self {
            case .purchased: return "You're all set"
            case .failed: return "Purchase failed"
            case .restored: return "Purchases restored"
            case .alreadyActive: return "Already up to date"
            case .nothingToRestore: return "No purchases to restore"
            case .awaitingApproval: return "Awaiting approval"
            case .alreadySubscribed: return "You're currently subscribed"
            case .alreadyOwned: return "Already purchased"
            case .approved: return "Purchase approved"
            case .declined: return "Purchase declined"
            case .alreadyAnswered: return "Already answered"
            case .changed(let title, _): return title
            case .refused: return "Not possible"
            case .storageProblem(let problem): return problem.title
            }
        }

        public var message: String {
            switch self {
            case .purchased(let name):
                return "Thank you for buying \(name)."
            case .failed(let reason):
                return reason
            case .restored(let names):
                return "\(Self.list(names)) \(names.count == 1 ? "is" : "are") active again."
            case .alreadyActive(let names):
                return "\(Self.list(names)) \(names.count == 1 ? "is" : "are") active already; nothing else was found."
            case .nothingToRestore:
                return "No active purchases were found for this account."
            case .awaitingApproval(let name):
                return "Your request to buy \(name) was sent. It will be ready once it is approved."
            case .alreadySubscribed:
                return "Your subscription is active; there is nothing more to buy."
            case .alreadyOwned:
                return "You already own this; there is nothing more to buy."
            case .approved(let name):
                return "The request to buy \(name) was approved."
            case .declined(let name):
                return "The request to buy \(name) was declined."
            case .alreadyAnswered(let name):
                return "The request to buy \(name) was already answered in another window."
            case .changed(_, let message):
                return message
            case .refused(let message):
                return message
            case .storageProblem(let problem):
                return problem.message
            }
        }

        /// True when the paywall should offer to try again.
        public var isRetryable: Bool {
            if case .failed = self { return true }
            return false
        }

        /// True for the notices that report good news.
        public var isSuccess: Bool {
            switch self {
            case .purchased, .restored, .alreadyActive, .approved, .changed: return true
            default: return false
            }
        }

        /// "A", "A and B", "A, B and C".
        static func list(_ names: [String]) -> String {
            guard names.count > 1 else { return names.first ?? "" }
            return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
    }
}
