import OnboardFiles
import OnboardSignature

/// This machine as keygen.sh machine files know it: the app's fingerprint of the machine id
/// systemd and D-Bus keep (`MachineFingerprint`), never the id itself.
public enum MachineIdentity {
    /// Where Linux keeps the machine id: systemd's file, then D-Bus's older one.
    public static let idPaths = ["/etc/machine-id", "/var/lib/dbus/machine-id"]

    /// The fingerprint of this machine for `appID`, or why there is none (no machine id: a
    /// container built without one, for instance).
    public static func fingerprint(appID: String, idPaths: [String] = idPaths) -> Result<String, MachineIDMissing> {
        for path in idPaths {
            guard let bytes = try? POSIXFile.readRegularFile(path, limit: 4096),
                let text = String(validating: bytes, as: UTF8.self),
                let id = text.split(whereSeparator: \.isWhitespace).first, id.count >= 16
            else { continue }
            return .success(MachineFingerprint.of(machineID: String(id), appID: appID))
        }
        return .failure(MachineIDMissing(paths: idPaths))
    }
}

/// No machine id could be read: machine files cannot be opened here.
public struct MachineIDMissing: Error, Equatable, CustomStringConvertible {
    public var paths: [String]

    public init(paths: [String]) {
        self.paths = paths
    }

    public var description: String {
        "this machine has no machine id (\(paths.joined(separator: ", "))), so it has no fingerprint for "
            + "machine files: run systemd-machine-id-setup, or use a license file instead"
    }
}
