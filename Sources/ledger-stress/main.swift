// `ledger-stress <state-dir> <count> <prefix> [options]`
//
// Appends `count` transactions with ids `<prefix>-0`, `<prefix>-1`, ... to the ledger in
// `<state-dir>`, one append (lock, write, fsync) each, as a separate process would. The store
// tests run it to check cross-process locking, purchases decided under the lock, and crashes.
//
// --kill-during-write   then writes half of one more line and dies with exit status 9 while
//                       holding the lock
// --buy PRODUCT         instead records one purchase of PRODUCT (pro.lifetime, pro.monthly,
//                       pro.annual) the way the app does, deciding under the lock, and prints
//                       "saved" or "refused: <reason>"
// --record FILE         instead records the transaction in FILE (a LedgerTransaction as JSON,
//                       such as a plan change or a refund the lifecycle planned) through the
//                       gate, as --buy does, and prints the same words
// --load                instead loads the ledger once (salvaging a damaged one)
// --exit-at-call N      exits with status 86 at the N-th file system call: a crash at that point
// --ready PATH          creates PATH once started, before waiting at the gate
// --wait-for PATH       waits until PATH exists, so several children can be released together
// --pause-before-sync PAUSED GATE
//                       just before the ledger's fsync of the purchase or append (its line is
//                       written, not yet durable), creates PAUSED and waits until GATE exists
// --first-run-state     instead records `count` apps `<prefix>-<i>` in the first-run state, one
//                       update (lock, load, save) each
import Foundation
@_spi(CrashTesting) @_spi(FaultInjection) import OnboardDisk
import OnboardKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ledger-stress: \(SafeText.sanitize(message))\n".utf8))
    exit(2)
}

let usage =
    "usage: ledger-stress <state-dir> <count> <prefix> [--kill-during-write] [--buy PRODUCT] [--record FILE] [--load] "
    + "[--exit-at-call N] [--ready PATH] [--wait-for PATH] [--pause-before-sync PAUSED GATE] [--first-run-state]"
var arguments = Array(CommandLine.arguments.dropFirst())

@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}

@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail(usage) }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}

let killDuringWrite = flag("--kill-during-write")
let loadOnly = flag("--load")
let firstRunState = flag("--first-run-state")
let productToBuy = option("--buy")
// Read before any fault is injected: only the store's own calls are counted.
let transactionToRecord = option("--record").map { path -> LedgerTransaction in
    guard let data = FileManager.default.contents(atPath: path),
        let transaction = try? JSONDecoder().decode(LedgerTransaction.self, from: data)
    else { fail("cannot read a transaction from \(path)") }
    return transaction
}
let exitAtCall = option("--exit-at-call").map { Int($0) ?? 0 }
let readyPath = option("--ready")
let gatePath = option("--wait-for")
let pauseBeforeSync: (paused: String, gate: String)? = {
    guard let index = arguments.firstIndex(of: "--pause-before-sync") else { return nil }
    guard index + 2 < arguments.count else { fail(usage) }
    let paths = (arguments[index + 1], arguments[index + 2])
    arguments.removeSubrange(index...(index + 2))
    return paths
}()
guard arguments.count == 3, let count = Int(arguments[1]), count >= 0 else { fail(usage) }
let store = LedgerFile(directory: arguments[0])
let prefix = arguments[2]

@MainActor func transaction(_ index: Int) -> LedgerTransaction {
    LedgerTransaction(
        id: "\(prefix)-\(index)", productID: "stress.monthly",
        purchaseDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)),
        expiresDate: Date(timeIntervalSince1970: 1_702_592_000 + Double(index)),
        offer: index % 3 == 0 ? .freeTrial : nil,
        willRenew: true)
}

/// A lifetime unlock and two plans of one subscription group, the annual one a level above the
/// monthly one, as the test catalogs have (LedgerFailurePointTests plans its upgrade on the same).
let catalog: Catalog = {
    let lifetime = Product(
        id: "pro.lifetime", type: .nonConsumable, price: 99.99, currencyCode: "USD", localizedTitle: "Pro Lifetime")
    let monthly = Product(
        id: "pro.monthly", type: .autoRenewable, price: 4.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .month), subscriptionGroup: "pro",
        subscriptionGroupLevel: 2, localizedTitle: "Pro Monthly")
    let annual = Product(
        id: "pro.annual", type: .autoRenewable, price: 39.99, currencyCode: "USD",
        subscriptionPeriod: SubscriptionPeriod(value: 1, unit: .year), subscriptionGroup: "pro",
        subscriptionGroupLevel: 1, localizedTitle: "Pro Annual")
    let products = [lifetime, monthly, annual]
    return Catalog(
        offerings: [
            Offering(
                id: "default", packages: products.map { Package(identifier: $0.id, product: $0) },
                copy: PaywallCopy(title: "Pro"))
        ],
        currentOfferingID: "default", products: Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) }),
        entitlements: [Entitlement(id: "pro", displayName: "Pro", productIDs: products.map(\.id))])
}()

// A ready file that cannot be made would leave the test waiting for it: fail loudly instead.
if let readyPath, !FileManager.default.createFile(atPath: readyPath, contents: nil) {
    FileHandle.standardError.write(Data("ledger-stress: cannot create the ready file \(readyPath)\n".utf8))
    exit(1)
}
if let gatePath {
    while !FileManager.default.fileExists(atPath: gatePath) { usleep(200) }
}
/// The operation, with the chosen call ending the process when `--exit-at-call` is given.
@MainActor func operate() throws(LedgerError) {
    if let pauseBeforeSync {
        let ledgerPath = store.ledgerPath
        let observer: @Sendable (FaultInjection.Call) -> Void = { call in
            guard call.operation == "fsync", call.path == ledgerPath else { return }
            _ = FileManager.default.createFile(atPath: pauseBeforeSync.paused, contents: nil)
            while !FileManager.default.fileExists(atPath: pauseBeforeSync.gate) { usleep(200) }
        }
        _ = try FaultInjection.run(failing: .each([]), with: .exit(status: 86), observer: observer) {
            () throws(LedgerError) in try work()
        }
        return
    }
    guard let exitAtCall else { return try work() }
    _ = try FaultInjection.run(failingCall: exitAtCall, with: .exit(status: 86)) { () throws(LedgerError) in try work()
    }
}

@MainActor func work() throws(LedgerError) {
    if loadOnly {
        _ = try store.load()
    } else if productToBuy != nil || transactionToRecord != nil {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let transaction: LedgerTransaction
        if let transactionToRecord {
            transaction = transactionToRecord
        } else {
            guard let productToBuy, let product = catalog.products[productToBuy] else {
                fail("unknown product \(productToBuy ?? "")")
            }
            let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
            transaction = LedgerTransaction(
                id: "\(prefix)-0", productID: product.id, purchaseDate: now,
                expiresDate: product.subscriptionPeriod?.adding(to: now, calendar: calendar),
                willRenew: product.type == .autoRenewable)
        }
        switch try store.record(
            transaction, gate: PurchaseGate(catalog: catalog, calendar: calendar), wait: .patiently)
        {
        case .saved: print("saved")
        case .refused(let notice, _): print("refused: \(notice.title)")
        case .busy: print("busy")
        case .failed(let reason): print("failed: \(reason)")
        }
    } else {
        for index in 0..<count { try store.append(transaction(index)) }
        if killDuringWrite {
            let torn = transaction(count)
            try store.appendTorn(torn, keepingBytes: 40, thenDie: { _exit(9) })
        }
    }
}

if firstRunState {
    let firstRun = FirstRunStateFile(directory: arguments[0])
    for index in 0..<count {
        do {
            try firstRun.update { (state: inout FirstRunState) -> Bool in
                state.apply(
                    FirstRunVisit(
                        appID: "\(prefix)-\(index)", version: "1.0.\(index)", outcome: .completed,
                        date: Date(timeIntervalSince1970: Double(index))))
            }
        } catch {
            fail(error.description)
        }
    }
    exit(0)
}

do {
    try operate()
} catch {
    fail(String(describing: error))
}
