import FoundationEssentials
import Glibc
import OnboardBase
import OnboardFiles
import OnboardLicense
import OnboardSignature
import OnboardSigning

/// `tui-onboard-license`: the vendor's side of signed licenses. Each command returns its exit
/// code; what it prints goes to stdout, and failures to stderr as one line.
struct LicenseTool {
    var standardInput: () -> [UInt8]?
    var now: Date

    static let usage = """
        usage: tui-onboard-license COMMAND [OPTIONS]

          keygen --out KEY             make a secret key (PKCS#8 PEM, mode 0600, never overwritten)
                                       and print its public key, ed25519:<hex>
          public-key --key KEY         print the public key of a secret key
          sign --key KEY --app ID --grant ENT[:EXPIRY]... [--licensee NAME] [--email E]
               [--lid ID] [--grace P7D] [--issued TIME] [--encrypt --license-key LK]
                                       print a signed license (EXPIRY: RFC 3339 or YYYY-MM-DD;
                                       none: lifetime); --encrypt: encrypted as keygen.sh
                                       encrypts (aes-256-gcm+ed25519), opened by LK
          verify FILE|- --public-key ed25519:<hex>... [--app ID] [--now TIME]
               [--license-key LK] [--fingerprint FP]
                                       check a license's signature and say what it grants
          inspect FILE|- [--license-key LK] [--fingerprint FP]
                                       show what a license says, without checking it

        An encrypted file (keygen.sh's aes-256-gcm+ed25519) opens with its license key,
        --license-key LK or --license-key-file FILE, and a machine file also with the
        machine's fingerprint (--fingerprint FP, as `tui-onboard license fingerprint` prints).

        exit codes: 0 done, 2 usage, 65 bad license or key, 66 no such file, 73 cannot create,
        74 input/output error
        """

    func run(_ arguments: [String]) -> Result<String, ToolFailure> {
        guard let command = arguments.first else { return .failure(ToolFailure(2, Self.usage)) }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "keygen": return keygen(rest)
        case "public-key": return publicKey(rest)
        case "sign": return sign(rest)
        case "verify": return verify(rest)
        case "inspect": return inspect(rest)
        case "help", "--help", "-h": return .success(Self.usage + "\n")
        case "--version": return .success("tui-onboard-license \(ToolVersion.text)\n")
        default:
            return .failure(
                ToolFailure(2, "unknown command \"\(SafeText.excerpt(command))\"; see tui-onboard-license --help"))
        }
    }

    private func keygen(_ arguments: [String]) -> Result<String, ToolFailure> {
        ToolOptions.parse(arguments, valued: ["out"]).flatMap { options in
            options.required("out", "KEY").flatMap { path in
                guard let key = try? Ed25519SigningKey.generate() else {
                    return .failure(ToolFailure(70, "libsodium could not be started"))
                }
                if let failure = SecretKeyFile.create(path, contents: SecretKeyFile.pem(of: key)) {
                    return .failure(failure)
                }
                return .success(LicensePublicKey(bytes: key.publicKey)!.description + "\n")
            }
        }
    }

    private func publicKey(_ arguments: [String]) -> Result<String, ToolFailure> {
        ToolOptions.parse(arguments, valued: ["key"]).flatMap { options in
            options.required("key", "KEY").flatMap(readKey).map {
                LicensePublicKey(bytes: $0.publicKey)!.description + "\n"
            }
        }
    }

    private func sign(_ arguments: [String]) -> Result<String, ToolFailure> {
        let valued: Set<String> = [
            "key", "app", "grant", "licensee", "email", "lid", "grace", "issued", "license-key", "license-key-file",
        ]
        return ToolOptions.parse(arguments, valued: valued, bare: ["encrypt"]).flatMap { options in
            guard options.operands.isEmpty else {
                return .failure(ToolFailure(2, "sign takes no operand (\"\(SafeText.excerpt(options.operands[0]))\")"))
            }
            return encryption(for: options).flatMap { secret in
                options.required("key", "KEY").flatMap(readKey).flatMap { key in
                    issue(from: options).map { issue in
                        let keyID = LicensePublicKey(bytes: key.publicKey)!.keyID
                        guard let secret else { return issue.armored(keyID: keyID) { key.signature(of: $0) } }
                        return issue.armoredEncrypted(keyID: keyID, seal: Self.seal(with: secret)) {
                            key.signature(of: $0)
                        }
                    }
                }
            }
        }
    }

    /// The license `sign` describes, every option checked.
    private func issue(from options: ToolOptions) -> Result<LicenseIssue, ToolFailure> {
        guard let app = options.value("app"), !app.isEmpty else {
            return .failure(ToolFailure(2, "--app is required: --app com.example.tool (the deck's app id)"))
        }
        guard let grantTexts = options.values["grant"], !grantTexts.isEmpty else {
            return .failure(ToolFailure(2, "--grant is required: --grant pro (lifetime) or --grant pro:2027-12-01"))
        }
        var grace: SubscriptionPeriod?
        if let text = options.value("grace") {
            do { grace = try SubscriptionPeriod(iso8601: text) } catch {
                return .failure(ToolFailure(2, "--grace: \(error.message)"))
            }
        }
        var grants: [License.Grant] = []
        for text in grantTexts {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard let entitlement = parts.first, !entitlement.isEmpty else {
                return .failure(
                    ToolFailure(2, "--grant \"\(SafeText.excerpt(text))\": name the entitlement, as ENT or ENT:EXPIRY"))
            }
            var expires: Date?
            if parts.count == 2 {
                do { expires = try RFC3339Date.parse(parts[1]) } catch {
                    return .failure(
                        ToolFailure(
                            2,
                            "--grant \(entitlement): the expiry \"\(SafeText.excerpt(parts[1]))\" is not a date (\(error.reason)); use \(RFC3339Date.acceptedForms)"
                        ))
                }
            }
            grants.append(
                License.Grant(entitlement: entitlement, expires: expires, grace: expires == nil ? nil : grace))
        }
        var issued = now
        if let text = options.value("issued") {
            switch Self.date(text, option: "--issued") {
            case .success(let date): issued = date
            case .failure(let failure): return .failure(failure)
            }
        }
        let name = options.value("licensee")
        let email = options.value("email")
        let licensee = name == nil && email == nil ? nil : License.Licensee(name: name, email: email)
        let id = options.value("lid") ?? CrockfordBase32.encode(Ed25519SigningKey.randomBytes(16))
        return .success(LicenseIssue(appID: app, id: id, issued: issued, licensee: licensee, grants: grants))
    }

    private func verify(_ arguments: [String]) -> Result<String, ToolFailure> {
        let valued: Set<String> = ["public-key", "app", "now", "license-key", "license-key-file", "fingerprint"]
        return ToolOptions.parse(arguments, valued: valued).flatMap { options in
            guard options.operands.count == 1 else {
                return .failure(ToolFailure(2, "verify takes one FILE (or - for standard input)"))
            }
            guard let keyTexts = options.values["public-key"] else {
                return .failure(ToolFailure(2, "--public-key is required: --public-key ed25519:<64 hex digits>"))
            }
            var keys: [LicensePublicKey] = []
            for text in keyTexts {
                switch LicensePublicKey.parse(text) {
                case .success(let key): keys.append(key)
                case .failure(let problem): return .failure(ToolFailure(2, "--public-key: \(problem.reason)"))
                }
            }
            var moment = now
            if let text = options.value("now") {
                switch Self.date(text, option: "--now") {
                case .success(let date): moment = date
                case .failure(let failure): return .failure(failure)
                }
            }
            return licenseSecret(options).flatMap { secret in
                readInput(options.operands[0]).flatMap { bytes in
                    let verifier = LicenseVerifier(
                        keys: keys, audience: .init(appID: options.value("app")), signatureCheck: Ed25519.isValid,
                        opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:),
                        machineFingerprint: options.value("fingerprint"))
                    return verified(
                        verifier.verify(bytes, now: moment, secret: secret), name: options.operands[0], at: moment)
                }
            }
        }
    }

    private func verified(_ result: Result<License, LicenseRejection>, name: String, at moment: Date) -> Result<
        String, ToolFailure
    > {
        switch result {
        case .success(let license):
            if let rejection = license.fileExpiryRejection(at: moment) {
                return .failure(ToolFailure(65, "\(name): \(rejection.reason)"))
            }
            return .success(LicenseSummary.text(of: license, now: moment, verified: true))
        case .failure(let rejection):
            return .failure(ToolFailure(65, "\(name): \(rejection.reason)"))
        }
    }

    private func inspect(_ arguments: [String]) -> Result<String, ToolFailure> {
        let valued: Set<String> = ["license-key", "license-key-file", "fingerprint"]
        return ToolOptions.parse(arguments, valued: valued).flatMap { options in
            guard options.operands.count == 1 else {
                return .failure(ToolFailure(2, "inspect takes one FILE (or - for standard input)"))
            }
            let name = options.operands[0]
            return licenseSecret(options).flatMap { secret in readInput(name).map { (secret, $0) } }.flatMap {
                secret, bytes in
                let reading = LicenseReader.read(
                    bytes, secret: secret, machineFingerprint: options.value("fingerprint"),
                    opener: AES256GCM.open(ciphertext:iv:tag:keyMaterial:))
                switch reading {
                case .success(let read):
                    var text = "envelope: alg \(SafeText.sanitize(read.envelope.algorithm))"
                    if let kid = read.envelope.keyID { text += ", kid \(SafeText.sanitize(kid))" }
                    text += " (\(read.format.rawValue) format)\n"
                    switch read.license {
                    case .success(let license): text += LicenseSummary.text(of: license, now: now, verified: false)
                    case .failure(let rejection): text += "payload: \(rejection.reason)\n"
                    }
                    return .success(text + "signature: not checked; check it with verify --public-key\n")
                case .failure(let rejection): return .failure(ToolFailure(65, "\(name): \(rejection.reason)"))
                }
            }
        }
    }

    private static func date(_ text: String, option: String) -> Result<Date, ToolFailure> {
        do { return .success(try RFC3339Date.parse(text)) } catch {
            return .failure(
                ToolFailure(
                    2, "\(option) \"\(SafeText.excerpt(text))\": \(error.reason); use \(RFC3339Date.acceptedForms)"))
        }
    }

    private func readKey(_ path: String) -> Result<Ed25519SigningKey, ToolFailure> {
        readFile(path, limit: 4096).flatMap(SecretKeyFile.read)
    }

    private func readInput(_ name: String) -> Result<[UInt8], ToolFailure> {
        guard name == "-" else { return readFile(name, limit: LicenseVerifier.maximumSize + 1) }
        guard let bytes = standardInput() else { return .failure(ToolFailure(74, "cannot read standard input")) }
        return .success(bytes)
    }

    func readFile(_ path: String, limit: Int) -> Result<[UInt8], ToolFailure> {
        do { return .success(try UserFile.read(path, limit: limit)) } catch {
            if case .missing = error { return .failure(ToolFailure(66, error.description)) }
            return .failure(ToolFailure(65, error.description))
        }
    }
}
