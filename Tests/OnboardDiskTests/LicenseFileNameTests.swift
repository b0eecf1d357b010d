import Testing

@testable import OnboardDisk

/// License file names are made from the whole id: different ids, different names; every name
/// fits a file system with the atomic write's temporary beside it; and an id an earlier version
/// could store keeps the name it had.
@Suite struct LicenseFileNameTests {
    static let ids: [String] = [
        "ADA-1", "a.b", ".hidden", "../../etc/passwd", "with space", "ütf-8", String(repeating: "A", count: 128),
        String(repeating: "A", count: 128) + "B", String(repeating: "A", count: 128) + "C",
        String(repeating: "許", count: 25), String(repeating: "許", count: 26), String(repeating: "許", count: 27),
        String(repeating: "%", count: 75), String(repeating: "%", count: 76), String(repeating: "x", count: 65_536),
        String(repeating: "x", count: 65_535) + "y", "~", "%7E",
    ]

    @Test func differentIDsHaveDifferentNamesThatFitAndStayInTheFolder() {
        let names = Self.ids.map(LicenseFileName.name(for:))
        #expect(Set(names).count == Self.ids.count, "\(names)")
        for name in names {
            #expect(name.utf8.count <= LicenseFileName.longestPlainName, "\(name)")
            #expect(!name.contains("/") && !name.hasPrefix(".") && name.hasSuffix(".license"), "\(name)")
        }
    }

    @Test(arguments: ids)
    func anIDAnEarlierVersionCouldStoreKeepsItsName(id: String) {
        let earlier = LicenseFileName.earlierName(for: id)
        // Storable then: at most 128 bytes of id, and a name that left room for the temporary.
        guard id.utf8.count <= 128, earlier.utf8.count <= LicenseFileName.longestPlainName else { return }
        #expect(LicenseFileName.name(for: id) == earlier)
    }

    @Test func aNameTooLongToKeepIsTheIDsStartAndItsDigest() {
        let name = LicenseFileName.name(for: String(repeating: "許", count: 26))
        #expect(name.hasPrefix("%E8%A8%B1") && name.contains("~"))
        // SHA-256 in hex, 64 digits, between "~" and the extension.
        let digest = name.split(separator: "~").last.map { $0.dropLast(".license".count) }
        #expect(digest?.count == 64 && digest?.allSatisfy(\.isHexDigit) == true)
    }
}
