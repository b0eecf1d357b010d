import Foundation
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun
import OnboardTerminal
import Testing

@testable import tui_onboard

/// The one mapping from errors and endings to exit codes: every case of every kind with the
/// code it gives, and every such code documented in `--help` and the man page.
@Suite struct ExitStatusTests {
    static let failure = SystemCallError(operation: "fsync", path: "/state", code: EIO)
    static let salvage = LedgerSalvage(kept: 1, dropped: 1, preservedAt: "/state/ledger.damaged")
    static let question = QuestionPage(id: "ok", heading: "OK?", kind: .confirm(ConfirmQuestion()))

    /// (what, the status it gives, the code the documentation gives it).
    typealias Row = (String, OnboardRun.ExitStatus, Int32)

    static let table = fileRows + ledgerRows + runRows

    static let fileRows: [Row] = [
        ("file missing", OnboardRun.ExitStatus(for: FileReadError.missing(path: "a")), 66),
        ("file not regular", OnboardRun.ExitStatus(for: FileReadError.notRegularFile(path: "a", kind: "a FIFO")), 66),
        ("file unreadable", OnboardRun.ExitStatus(for: FileReadError.unreadable(path: "a", reason: "denied")), 66),
        ("file too large", OnboardRun.ExitStatus(for: FileReadError.tooLarge(path: "a", size: 2, limit: 1)), 65),
        ("license missing", OnboardRun.ExitStatus(forLicenseFile: .missing(path: "a")), 66),
        ("license not regular", OnboardRun.ExitStatus(forLicenseFile: .notRegularFile(path: "a", kind: "a FIFO")), 65),
        ("license unreadable", OnboardRun.ExitStatus(forLicenseFile: .unreadable(path: "a", reason: "denied")), 65),
        ("license too large", OnboardRun.ExitStatus(forLicenseFile: .tooLarge(path: "a", size: 2, limit: 1)), 65),
        ("license refused", OnboardRun.ExitStatus(for: StoredLicenses.AddFailure.refused("expired")), 65),
        ("license unsaved", OnboardRun.ExitStatus(for: StoredLicenses.AddFailure.unsaved("disk full")), 74),
        ("license locked", OnboardRun.ExitStatus(for: StoredLicenses.AddFailure.locked("encrypted")), 65),
        ("no machine id", OnboardRun.ExitStatus(for: MachineIDMissing(paths: ["/etc/machine-id"])), 66),
    ]

    static let ledgerRows: [Row] = [
        (
            "ledger damaged",
            OnboardRun.ExitStatus(for: LedgerError.damaged(path: "l", line: 2, reason: "r", salvage: salvage)), 65
        ),
        (
            "ledger damaged in place",
            OnboardRun.ExitStatus(for: LedgerError.damagedInPlace(path: "l", line: 2, reason: "r", because: failure)),
            65
        ),
        ("ledger unconfirmed", OnboardRun.ExitStatus(for: LedgerError.unconfirmed(failure, Ledger())), 3),
        ("ledger full", OnboardRun.ExitStatus(for: LedgerError.full(path: "l", size: 2, limit: 1)), 74),
        ("ledger unreadable", OnboardRun.ExitStatus(for: LedgerError.unreadable(.system(failure))), 65),
        ("ledger io", OnboardRun.ExitStatus(for: LedgerError.io(failure)), 74),
        ("ledger busy", OnboardRun.ExitStatus(for: LedgerError.busy(lockPath: "l.lock")), 74),
        (
            "ledger unencodable", OnboardRun.ExitStatus(for: LedgerError.unencodable(transactionID: "t", reason: "r")),
            65
        ),
        (
            "ledger read damaged", OnboardRun.ExitStatus(for: LedgerReadError.damaged(path: "l", line: 2, reason: "r")),
            65
        ),
        ("ledger read unreadable", OnboardRun.ExitStatus(for: LedgerReadError.unreadable(.system(failure))), 65),
        ("ledger read io", OnboardRun.ExitStatus(for: LedgerReadError.io(failure)), 74),
    ]

    static let runRows: [Row] = [
        ("state damaged", OnboardRun.ExitStatus(for: FirstRunReadError.damaged(path: "s", reason: "r")), 65),
        ("state io", OnboardRun.ExitStatus(for: FirstRunReadError.io(failure)), 74),
        ("no terminal", OnboardRun.ExitStatus(for: TourRun.Failure.terminal(.notATerminal(stream: "stdin"))), 2),
        ("terminal streams", OnboardRun.ExitStatus(for: TourRun.Failure.streams), 74),
        ("autoplay cannot answer", OnboardRun.ExitStatus(for: TourRun.Failure.autoplayCannotAnswer(question)), 65),
        ("store unknown name", OnboardRun.ExitStatus(for: LifecycleRefusal(.unknownName, "no such product")), 2),
        ("store not allowed", OnboardRun.ExitStatus(for: LifecycleRefusal(.notAllowed, "refunded already")), 1),
        ("tour completed", OnboardRun.ExitStatus(for: TourEnding.completed), 0),
        ("tour skipped", OnboardRun.ExitStatus(for: TourEnding.skipped), 0),
        ("tour dismissed", OnboardRun.ExitStatus(for: TourEnding.dismissed), 0),
        ("tour interrupted", OnboardRun.ExitStatus(for: TourEnding.interrupted), 130),
        ("tour terminated", OnboardRun.ExitStatus(for: TourEnding.terminated), 143),
        ("tour hung up", OnboardRun.ExitStatus(for: TourEnding.hangup), 129),
        ("SIGQUIT", OnboardRun.ExitStatus(signal: SIGQUIT), 131),
        ("SIGUSR1", OnboardRun.ExitStatus(signal: SIGUSR1), 138),
    ]

    @Test(arguments: table)
    func eachKindGivesItsDocumentedCode(what: String, status: OnboardRun.ExitStatus, code: Int32) {
        #expect(status.code == code, "\(what)")
    }

    /// A signal the terminal layer ends the run for exits as the outcome it reports does.
    @Test func theSignalsTheTerminalEndsARunForExitAsTheirOutcome() {
        var exiting = 0
        for handled in TerminalSignal.all {
            guard case .exit(let status) = handled.response else { continue }
            exiting += 1
            #expect(OnboardRun.ExitStatus(for: handled.outcome).code == status, "\(handled)")
            #expect(handled.shellStatus == status, "\(handled)")
        }
        #expect(exiting == 3)
    }

    /// Each code the mapping gives is one `--help` and the man page list (the signals' codes
    /// are listed beside 130's, any other signal's as 128 + its number).
    @Test func everyCodeGivenIsDocumented() {
        let documented = Set(CommandLineSpec.exitStatuses.map(\.code))
        let signalLine = CommandLineSpec.exitStatuses.first { $0.code == "130" }?.brief ?? ""
        for (what, status, _) in Self.table where status.code < 128 {
            #expect(documented.contains(String(status.code)), "\(what): \(status.code)")
        }
        for code: Int32 in [ExitCode.hangup, ExitCode.terminated] {
            #expect(signalLine.contains(String(code)), "\(code)")
        }
    }
}
