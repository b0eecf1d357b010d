/// What is on top of the screen, and so gets a key or a click first. `OnboardingApp.focusStack`
/// works the layers out in one place, top first; keys and the mouse go down it until a layer
/// takes them, and the key help and the tests read the top's key context from it.
public enum Focus: Hashable, Sendable {
    /// The finishing confetti flies: any key or click ends the tour at once.
    case finishing
    /// The review prompt after a completed tour: `.review`, or `.message` while it shows where
    /// to leave the review.
    case review(KeyContext)
    /// The `?` overlay.
    case help
    /// Pages turning by themselves, or paused by a key (then only its resume key is its own).
    case autoplay(isPaused: Bool)
    /// A notice of the store's (a purchase or restore that ended) over a page that is not the
    /// paywall.
    case storeNotice
    /// A paywall page: `.paywall`, or the box on top of it (`.notice`, `.message`,
    /// `.testStoreSheet`). Keys it does not bind are the carousel's.
    case paywall(KeyContext)
    /// A question page: `.choiceQuestion`, `.inputQuestion` or `.confirmQuestion`. Keys it
    /// does not bind are the carousel's.
    case question(KeyContext)
    /// The survey a declined paywall asks, in its page's place: the question's context
    /// (`.choiceQuestion`, or `.inputQuestion` for its "Other" line), then `.survey`'s keys.
    case survey(KeyContext)
    /// The tour's pages.
    case carousel

    /// The context a key reaching this layer is looked up in (`KeyBindings`).
    public var keyContext: KeyContext {
        switch self {
        case .finishing: return .anywhere
        case .review(let context), .paywall(let context), .question(let context), .survey(let context):
            return context
        case .help: return .help
        case .autoplay(let isPaused): return isPaused ? .autoplayPaused : .autoplay
        case .storeNotice: return .notice
        case .carousel: return .carousel
        }
    }
}
