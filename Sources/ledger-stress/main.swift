// `ledger-stress <state-dir> <count> <prefix> [--kill-during-write] [--wait-for <path>]`
//
// Appends `count` transactions with ids `<prefix>-0`, `<prefix>-1`, ... to the ledger in
// `<state-dir>`, one append (lock, write, fsync) each, as a separate process would. With
// `--kill-during-write` it then writes half of one more line and dies with exit status 9 while
// holding the lock. With `--wait-for`, it first waits until `<path>` exists, so that several
// children can be started and then released at the same moment. The store tests run it to check cross-process locking and crash recovery.
import Foundation
import OnboardKit
@_spi(CrashTesting) import OnboardStore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ledger-stress: \(SafeText.sanitize(message))\n".utf8))
    exit(2)
}

let usage = "usage: ledger-stress <state-dir> <count> <prefix> [--kill-during-write] [--wait-for <path>]"
var arguments = Array(CommandLine.arguments.dropFirst())
let killDuringWrite = arguments.contains("--kill-during-write")
arguments.removeAll { $0 == "--kill-during-write" }
var gate: String?
if let flag = arguments.firstIndex(of: "--wait-for") {
    guard flag + 1 < arguments.count else { fail(usage) }
    gate = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count == 3, let count = Int(arguments[1]), count >= 0 else { fail(usage) }
let store = LedgerStore(directory: arguments[0])
let prefix = arguments[2]

func transaction(_ index: Int) -> LedgerTransaction {
    LedgerTransaction(
        id: "\(prefix)-\(index)", productID: "stress.monthly",
        purchaseDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
        expiresDate: Date(timeIntervalSince1970: 1_702_592_000 + Double(index)),
        offer: index % 3 == 0 ? .freeTrial : nil,
        willRenew: true)
}

if let gate {
    while !FileManager.default.fileExists(atPath: gate) { usleep(200) }
}

do {
    for index in 0..<count { try store.append(transaction(index)) }
    if killDuringWrite {
        let torn = transaction(count)
        try store.appendTorn(torn, keepingBytes: 40, thenDie: { _exit(9) })
    }
} catch {
    fail(String(describing: error))
}
