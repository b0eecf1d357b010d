import Testing

@testable import OnboardRun

/// The machine id is read only for a machine file: a line that opens keygen's machine armor, not
/// a license file or a mention of the words elsewhere.
@Suite struct StoredLicensesMachineFileTests {
    @Test(arguments: [
        ("-----BEGIN MACHINE FILE-----\nabc\n-----END MACHINE FILE-----\n", true),
        ("greeting\n  -----BEGIN MACHINE FILE-----\r\nabc\n", true),
        ("-----BEGIN LICENSE FILE-----\nabc\n-----END LICENSE FILE-----\n", false),
        ("see -----BEGIN MACHINE FILE----- below\n", false),
        ("", false),
    ])
    func onlyAMachineArmorAsksForTheMachineID(text: String, isMachineFile: Bool) {
        #expect(StoredLicenses.isMachineFile(Array(text.utf8)) == isMachineFile)
    }
}
