import Foundation
import Glibc
import Testing

@testable import OnboardDisk

@Suite struct StateDirectoryTests {
    @Test(
        arguments: [
            ("/explicit/dir", ["XDG_STATE_HOME": "/xdg", "HOME": "/home/u"], "/explicit/dir"),
            (nil, ["XDG_STATE_HOME": "/xdg", "HOME": "/home/u"], "/xdg/tui-onboard"),
            (nil, ["XDG_STATE_HOME": "/xdg/", "HOME": "/home/u"], "/xdg/tui-onboard"),
            (nil, ["XDG_STATE_HOME": "", "HOME": "/home/u"], "/home/u/.local/state/tui-onboard"),
            (nil, ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"], "/home/u/.local/state/tui-onboard"),
            (nil, ["HOME": "/home/u"], "/home/u/.local/state/tui-onboard"),
            ("", ["HOME": "/home/u"], "/home/u/.local/state/tui-onboard"),
            (nil, [:], ".tui-onboard-state"),
        ] as [(String?, [String: String], String)])
    func resolvesInXDGOrder(explicit: String?, environment: [String: String], expected: String) {
        #expect(StateDirectory.resolve(explicit: explicit, environment: environment) == expected)
    }

    @Test func createMakesMissingParentsPrivateAndLeavesExistingOnesAlone() throws {
        try withTemporaryDirectory { root in
            #expect(chmod(root, 0o755) == 0)
            let path = root + "/a/b/c"
            try StateDirectory.create(path)
            try StateDirectory.create(path)  // existing: no error
            for directory in [root + "/a", root + "/a/b", path] {
                var info = stat()
                #expect(stat(directory, &info) == 0)
                #expect(info.st_mode & 0o777 == 0o700, "\(directory)")
            }
            var rootInfo = stat()
            #expect(stat(root, &rootInfo) == 0)
            #expect(rootInfo.st_mode & 0o777 == 0o755)
        }
    }
}
