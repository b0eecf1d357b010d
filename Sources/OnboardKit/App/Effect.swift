/// Something the shell must do for the core: the core itself never performs I/O.
public enum Effect: Hashable, Sendable {
    /// End the session with this outcome.
    case quit(TourEnding)
    /// Ring the terminal bell.
    case bell
    /// Append a transaction to the ledger on disk.
    case record(LedgerTransaction)
    /// Open the checkout address with `$BROWSER` or `xdg-open`, detached (never over SSH or
    /// without a display); the shell answers with `.addressOpened`.
    case openAddress(String)
    /// Keep the checkout just opened in the state directory as the pending one.
    case rememberCheckout(CheckoutSheet)
    /// Verify license text (an encrypted one opened with `key`, stored beside it) and store it
    /// when it grants something; answered by `.licenseChecked`. The key is never shown or logged.
    case verifyLicense(String, key: LicenseSecret? = nil)
}

/// How a session ended; `ExitStatus(for:)` maps it to an exit code.
public enum TourEnding: Hashable, Sendable {
    /// The user reached the end and pressed the done button.
    case completed
    /// The user skipped the tour.
    case skipped
    /// The user quit with q or Esc.
    case dismissed
    /// Ctrl-C or SIGINT.
    case interrupted
    /// SIGTERM.
    case terminated
    /// SIGHUP: the terminal went away.
    case hangup
}
