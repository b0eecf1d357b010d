import FoundationEssentials

/// Everything that can happen to the app: the only way in for input, time and size.
public enum Message: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// One fixed simulation step of `seconds`; the core never reads a clock.
    case tick(seconds: Double)
    /// The wall-clock date, sent by the shell when it wakes: the simulated store's calendar
    /// follows it (renewals, expiry). Animation never uses it; it runs on ticks.
    case clock(Date)
    /// The ledger on disk changed (another instance bought something): the paywall works from
    /// this one now.
    case ledgerChanged(Ledger)
    /// The shell's answer to `Effect.record` for the transaction with this ID.
    case recordFinished(transactionID: String, result: RecordResult)
    /// Something is wrong with the stored purchases that the user must hear of (a damaged
    /// ledger was found and repaired, a ledger that cannot be read): the paywall shows it in a box.
    case storageProblem(StorageProblem)
    /// Whether the terminal reads more slowly than frames are made (over SSH, a shared
    /// screen): then a page change jumps, as with reduced motion, so the page a key asked for
    /// arrives in one frame instead of after a slide's worth of frames the link cannot carry.
    case terminalPace(isSlow: Bool)
    /// The frame rendered last is on the terminal now. A box takes keys only once a frame
    /// has shown it: one that came up while keys were being handled (a storage problem found
    /// on the wake a key caused, a purchase finished by the key before) is not dismissed by
    /// keys the user pressed before seeing it.
    case presented
    /// The process was asked to stop (SIGINT, SIGTERM, SIGHUP).
    case interrupt(TourEnding)
    /// The terminal's background colour, as it answered OSC 11: with
    /// `AppSettings.followsTerminalBackground` the theme is made for it.
    case terminalBackground(Color)
    /// Text the user pasted (a bracketed paste, DEC mode 2004), as the terminal sent it and at
    /// most `Message.pasteLimit` Unicode scalars. A paste is text, never keys: it presses no
    /// button, turns no page and ends nothing. Nothing on screen takes text yet, so the app
    /// ignores it; a text field would take it whole.
    case paste(String)
    /// The shell's answer to `.verifyLicense`: stored, for whom, or why not, and the licenses
    /// stored now, verified (nil: as they were), which the paywall counts beside the store.
    case licenseChecked(CheckoutSheet.Outcome, licenses: [License]?)
    /// The shell's answer to `.openAddress`: nil when the browser was started, else why not.
    case addressOpened(failure: String?)

    /// The most of a paste that is kept, in Unicode scalars: more than any field needs, little
    /// enough that a pasted log costs nothing to carry.
    public static let pasteLimit = 65_536
}
