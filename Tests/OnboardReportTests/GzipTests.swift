import Testing

@testable import OnboardReport

/// gzip-compressed event files, told by their magic bytes: one member, several members one
/// after another (`cat a.gz b.gz`), and damaged or cut data, which is an error, not lines.
@Suite struct GzipTests {
    /// Python's gzip (mtime 0) of a `tourStarted` line of run r1.
    static let started: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 255, 171, 86, 74, 45, 75, 205, 43, 81, 178, 82, 42, 201, 47, 45, 10, 46, 73, 44,
        42, 73, 77, 81, 210, 81, 42, 75, 45, 42, 206, 204, 207, 83, 178, 50, 212, 81, 42, 42, 5, 210, 74, 69, 134, 64,
        225, 220, 252, 148, 84, 168, 90, 32, 175, 32, 49, 61, 181, 88, 201, 202, 184, 150, 11, 0, 90, 79, 91, 188, 71,
        0, 0, 0,
    ]
    /// Python's gzip of a `purchaseFinished` line of run r1 (4.99 USD), with no newline at its end.
    static let bought: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 255, 171, 86, 74, 45, 75, 205, 43, 81, 178, 82, 42, 40, 45, 74, 206, 72, 44, 78,
        117, 203, 204, 203, 44, 206, 72, 77, 81, 210, 81, 42, 42, 205, 3, 74, 20, 25, 2, 153, 197, 37, 137, 37, 169,
        72, 170, 64, 210, 5, 69, 153, 201, 32, 49, 19, 61, 75, 75, 32, 55, 185, 180, 168, 40, 53, 47, 185, 18, 40, 18,
        26, 236, 2, 20, 40, 41, 202, 76, 204, 81, 178, 74, 75, 204, 41, 78, 173, 5, 0, 146, 58, 207, 39, 105, 0, 0, 0,
    ]

    @Test(arguments: [1, 3, 50, 4096])
    func twoMembersReadAsOneStream(chunkSize: Int) throws {
        let report = try ReportFixtures.report(Self.started + Self.bought, chunkSize: chunkSize)
        #expect(report.lines == 2 && report.badLines == 0)
        #expect(report.funnel.runs == 1 && report.funnel.purchases == 1)
        #expect(report.funnel.revenue.map(\.amount.description) == ["4.99"])
    }

    @Test func cutDataIsAnError() {
        #expect(throws: GzipInflater.Failure.self) {
            _ = try ReportFixtures.report(Array(Self.started.dropLast(6)))
        }
    }

    @Test func damagedDataIsAnError() {
        var damaged = Self.started
        damaged[20] ^= 0xFF
        damaged[21] ^= 0xFF
        #expect(throws: GzipInflater.Failure.self) { _ = try ReportFixtures.report(damaged) }
    }
}
