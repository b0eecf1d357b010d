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

@Suite struct StateDirectorySafetyTests {
    @Test func aDirectoryOfAnotherOwnerOrWritableByOthersIsRefused() throws {
        try withTemporaryDirectory { root in
            let path = root + "/state"
            // Not there yet: it will be made private, so it is fine.
            #expect(StateDirectory.unsafeReason(path) == nil)
            #expect(mkdir(path, 0o700) == 0)
            #expect(StateDirectory.unsafeReason(path) == nil)
            let otherUser = getuid() == 0 ? uid_t(65534) : uid_t(0)
            let ofAnother = try #require(StateDirectory.unsafeReason(path, user: otherUser))
            #expect(ofAnother.contains("belongs to uid \(geteuid())") && ofAnother.contains("--state-dir"))
            for (mode, who) in [(0o720, "its group"), (0o702, "everyone"), (0o1777, "its group and everyone")]
                as [(mode_t, String)]
            {
                #expect(chmod(path, mode) == 0)
                let reason = try #require(StateDirectory.unsafeReason(path), "mode \(mode) was accepted")
                #expect(reason.contains("can be written by \(who)") && reason.contains("chmod go-w"))
            }
            #expect(chmod(path, 0o755) == 0)
            #expect(StateDirectory.unsafeReason(path) == nil)
        }
    }

    @Test func theRefusalNamesTheDirectoryOrTheFirstFolderInItThatMayNotBeUsed() throws {
        try withTemporaryDirectory { root in
            let path = root + "/state"
            let folders = [path + "/sandbox", path + "/licenses"]
            #expect(StateDirectory.refusal(path, folders: folders) == nil)
            #expect(mkdir(path, 0o700) == 0)
            #expect(symlink(root, path + "/licenses") == 0)
            let link = try #require(StateDirectory.refusal(path, folders: folders))
            #expect(link.contains("licenses is a symbolic link"))
            #expect(chmod(path, 0o777) == 0)
            let writable = try #require(StateDirectory.refusal(path, folders: folders))
            #expect(writable.contains("can be written by its group and everyone"), "the directory itself comes first")
        }
    }

    @Test func aLinkPlantedAsALockFileIsNotFollowed() throws {
        try withTemporaryDirectory { root in
            let store = LedgerFile(directory: root)
            let target = root + "/elsewhere"
            #expect(symlink(target, store.lockPath) == 0)
            #expect {
                try store.append(LedgerFileTests.sample(0))
            } throws: { error in
                guard case .io(let failure) = error as? LedgerError else { return false }
                return failure.code == ELOOP && failure.description.contains("symbolic link")
            }
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }

    @Test func aLinkPlantedAsTheLedgerIsNotAppendedThrough() throws {
        try withTemporaryDirectory { root in
            let store = LedgerFile(directory: root)
            let target = root + "/elsewhere"
            try writeBytes([], to: target)
            #expect(symlink(target, store.ledgerPath) == 0)
            #expect(throws: LedgerError.self) { try store.append(LedgerFileTests.sample(0)) }
            #expect(try fileBytes(target).isEmpty)
        }
    }
}
