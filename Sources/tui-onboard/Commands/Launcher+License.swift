import FoundationEssentials
import Glibc
import OnboardDisk
import OnboardKit
import OnboardRun

/// `license add|list|remove`: the signed licenses kept in the state directory.
extension Launcher {
    /// Who licenses are checked for: the app, its catalog (if any) and the keys to verify with.
    struct LicenseSubject {
        var subject: Subject
        var keys: [LicensePublicKey]
        var audience: LicenseVerifier.Audience
    }

    func licenseSubject() -> Result<LicenseSubject, ExitStatus> {
        subject().flatMap { subject in
            let keys = StoredLicenses.keys(of: subject.catalog, extraKeys: options.paywall.publicKeys)
            guard !keys.isEmpty else {
                printError(
                    "no public key to verify licenses with: the catalog"
                        + (subject.catalogPath.map { " \($0)" } ?? "") + " has no \"licensing\"; "
                        + "pass the app's --deck or --catalog, or --public-key ed25519:<hex>")
                return .failure(ExitStatus(code: ExitCode.usage))
            }
            let audience = LicenseVerifier.Audience(
                appID: subject.appID, keygenProduct: subject.catalog?.licensing?.keygenProduct)
            return .success(LicenseSubject(subject: subject, keys: keys, audience: audience))
        }
    }

    func license(_ action: Options.LicenseAction) -> Int32 {
        // The fingerprint needs the app, not its keys.
        if case .fingerprint = action { return printFingerprint() }
        let found: LicenseSubject
        switch licenseSubject() {
        case .success(let subject): found = subject
        case .failure(let status): return status.code
        }
        switch action {
        case .add(let path): return addLicense(path, for: found)
        case .list: return listLicenses(for: found)
        case .remove(let id): return removeLicense(id)
        case .fingerprint: return printFingerprint()
        }
    }

    private func addLicense(_ path: String, for found: LicenseSubject) -> Int32 {
        let bytes: [UInt8]
        switch readLicenseInput(path) {
        case .success(let read): bytes = read
        case .failure(let status): return status.code
        }
        let licenseKey: String?
        switch readLicenseKey() {
        case .success(let key): licenseKey = key
        case .failure(let status): return status.code
        }
        let now = found.subject.now
        let license: License
        switch StoredLicenses.add(
            bytes, stateDirectory: stateDirectory, keys: found.keys, audience: found.audience,
            catalog: found.subject.catalog, now: now, licenseKey: licenseKey)
        {
        case .success(let stored): license = stored
        case .failure(let failure):
            switch failure {
            case .refused(let reason), .wrongKey(let reason): printError("\(path): \(reason); nothing was stored")
            case .locked(let reason):
                printError("\(path): \(reason): add it with --key LICENSE-KEY (or --key-file FILE); nothing was stored")
            case .unsaved(let reason): printError("cannot store the license: \(reason)")
            }
            return ExitStatus(for: failure).code
        }
        return writeOutput("added " + LicenseSummary.text(of: license, now: now, verified: true))
    }

    private func listLicenses(for found: LicenseSubject) -> Int32 {
        let now = found.subject.now
        let stored = StoredLicenses.read(
            stateDirectory: stateDirectory, keys: found.keys, audience: found.audience, now: now)
        let catalog = found.subject.catalog
        if options.output.isJSON { return writeOutput(LicenseListJSON.text(stored, now: now, catalog: catalog)) }
        var text = ""
        for license in stored.verified {
            text += LicenseSummary.text(of: license, now: now, verified: true, catalog: catalog)
        }
        for refused in stored.refused {
            text += "refused \(SafeText.sanitize(refused.path)): \(SafeText.sanitize(refused.reason))\n"
        }
        if text.isEmpty {
            text =
                "no licenses stored in \(SafeText.sanitize(LicenseStore(stateDirectory: stateDirectory).directory))\n"
        }
        return writeOutput(text)
    }

    private func removeLicense(_ id: String) -> Int32 {
        do {
            guard try LicenseStore(stateDirectory: stateDirectory).remove(licenseID: id) else {
                printError("no license \"\(SafeText.excerpt(id))\" is stored; `tui-onboard license list` shows them")
                return ExitCode.missingInput
            }
        } catch {
            printError("cannot remove the license: \(error.description)")
            return ExitCode.ioError
        }
        return writeOutput("removed license \(SafeText.sanitize(id))\n")
    }

    /// A license file's bytes, or standard input's for `-`, never more than a license may be.
    private func readLicenseInput(_ path: String) -> Result<[UInt8], ExitStatus> {
        let limit = LicenseVerifier.maximumSize
        if path == "-" {
            do {
                let bytes = try DescriptorReader.readToEnd(
                    STDIN_FILENO, path: "standard input", expectedSize: 0, limit: limit)
                guard bytes.count <= limit else {
                    printError("standard input: over the \(limit / 1024) KiB a license may be")
                    return .failure(ExitStatus(code: ExitCode.badData))
                }
                return .success(bytes)
            } catch {
                printError("cannot read standard input: \(error.description)")
                return .failure(ExitStatus(code: ExitCode.ioError))
            }
        }
        do {
            return .success(try UserFile.read(path, limit: limit))
        } catch {
            printError(error.description)
            return .failure(ExitStatus(forLicenseFile: error))
        }
    }
}
