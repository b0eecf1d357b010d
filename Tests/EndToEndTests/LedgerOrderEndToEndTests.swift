import Foundation
import Testing

/// A ledger line edited by hand and given a good checksum again, so that it says what no store
/// records (a refund dated before its purchase, an upgrade to another group's product): it
/// counts for nothing, and `status` and `store transactions` say which line and why.
@Suite("Impossible ledger lines end to end")
struct LedgerOrderEndToEndTests {
    /// Rewrites the last line of `ledger`: each `"key":value` of `changes` replaced in its
    /// transaction, and the CRC-32 (zlib's, the ledger's) computed again, as a careful hand would;
    /// the commit record is deleted, as a ledger from before records has none.
    static func editLastLine(of ledger: String, _ changes: [String: String]) throws {
        let script = """
            import json, os, re, sys, zlib
            path, changes = sys.argv[1], json.loads(sys.argv[2])
            lines = open(path, 'rb').read().split(b'\\n')
            last = max(i for i, line in enumerate(lines) if line)
            body = lines[last][len(b'{"crc32":"00000000","transaction":'):-1].decode()
            for key, value in changes.items():
                body, count = re.subn('"%s":("[^"]*"|[0-9.]+)' % key, '"%s":%s' % (key, value), body)
                assert count == 1, key
            crc = '%08x' % zlib.crc32(body.encode())
            lines[last] = ('{"crc32":"%s","transaction":%s}' % (crc, body)).encode()
            open(path, 'wb').write(b'\\n'.join(lines))
            os.remove(os.path.join(os.path.dirname(path), 'ledger.commit'))
            """
        let changesJSON = String(decoding: try JSONSerialization.data(withJSONObject: changes), as: UTF8.self)
        let output = try CommandRunner.run("/usr/bin/python3", ["-c", script, ledger, changesJSON])
        try #require(output.status == 0, "\(output)")
    }

    @Test(
        "a hand-edited line whose checksum holds but whose order is impossible counts for nothing, and is named",
        arguments: [
            // The refund moved to a day before the purchase: it would end access it cannot have ended.
            (["refund"], ["purchaseDate": "1767139200"], "is dated 2025-12-31T00:00:00Z, before"),
            // The upgrade's product changed to the lifetime unlock, outside the subscription group.
            (["buy", "premium_monthly"], ["productID": "\"pro_lifetime\""], "which is not in its subscription group"),
        ])
    func anImpossibleLineCountsForNothing(action: [String], edit: [String: String], reason: String) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.store(["buy", "plus_monthly"], now: "2026-01-01")
        let purchase = try #require(try fixture.rows(at: "2026-01-01").first?["id"] as? String)
        try fixture.store(action == ["refund"] ? ["refund", purchase] : action, now: "2026-01-10")
        // Before the edit: refunded, or on Premium.
        let sound = try fixture.entitlement(at: "2026-01-15")
        try Self.editLastLine(of: fixture.sandboxLedger, edit)
        let status = try fixture.run(["status", "--json", "--sandbox", "--now", "2026-01-15"])
        #expect(status.status == 0, "\(status)")
        #expect(
            status.standardError.contains("ledger.jsonl: transaction 2 (T")
                && status.standardError.contains(") does not count: ") && status.standardError.contains(reason),
            "\(status.standardError)")
        // As if the line were not there: Plus Monthly, active.
        let edited = try fixture.entitlement(at: "2026-01-15")
        #expect(edited["active"] as? Bool == true && edited["productID"] as? String == "plus_monthly", "\(edited)")
        #expect(edited["productID"] as? String != sound["productID"] as? String || sound["active"] as? Bool == false)
        let listing = try fixture.run(["store", "transactions", "--now", "2026-01-15"])
        #expect(listing.status == 0 && listing.standardError.contains(reason), "\(listing)")
        #expect(listing.standardOutput.split(separator: "\n").count == 2, "\(listing.standardOutput)")
    }
}
