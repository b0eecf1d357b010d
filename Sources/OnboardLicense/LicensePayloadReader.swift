import FoundationEssentials
import OnboardBase

/// The payload a signature covers, read into a `License`: tui-onboard's own (v1) or a keygen.sh
/// license file's. Unknown members are ignored, so vendors may add their own.
public enum LicensePayloadReader {
    /// The license `bytes` describe in `format`, or which member is wrong.
    public static func read(_ bytes: [UInt8], format: LicenseArmor.Format) -> Result<License, LicenseRejection> {
        guard let node = try? JSONParser.parse(bytes), node.members != nil else {
            return .failure(LicenseRejection(.payload, "the signed payload is not a JSON object"))
        }
        do {
            switch format {
            case .tuiOnboard: return .success(try readOwn(node))
            // tui-onboard's own payload in keygen's armor: what `sign --encrypt` writes, so
            // that keygen's clients open it too.
            case .keygen where node["v"] != nil && node["data"] == nil: return .success(try readOwn(node))
            case .keygen: return .success(try readKeygen(node))
            case .keygenMachine: return .success(try readKeygenMachine(node))
            }
        } catch {
            return .failure(error)
        }
    }

    // MARK: tui-onboard's own

    private static func readOwn(_ node: JSONNode) throws(LicenseRejection) -> License {
        guard let version = node["v"], case .number(let text) = version.value else {
            throw LicenseRejection(.payload, "the payload has no version \"v\"")
        }
        guard text == "1" else {
            throw LicenseRejection(.payload, "the payload is version \(text); this tui-onboard reads version 1")
        }
        let app = try string(node, "app", in: "the payload")
        let id = try string(node, "lid", in: "the payload")
        let issued = try date(node, "issued", in: "the payload")
        var licensee: License.Licensee?
        if let member = node["licensee"], !member.isNull {
            guard member.members != nil else {
                throw LicenseRejection(.payload, "\"licensee\" is \(member.kindName), not an object")
            }
            licensee = License.Licensee(
                name: try optionalString(member, "name", in: "\"licensee\""),
                email: try optionalString(member, "email", in: "\"licensee\""))
        }
        guard let items = node["grants"]?.arrayValue else {
            throw LicenseRejection(.payload, "the payload has no \"grants\" array")
        }
        guard !items.isEmpty else {
            throw LicenseRejection(.payload, "\"grants\" is empty: the license grants nothing")
        }
        var grants: [License.Grant] = []
        for (index, item) in items.enumerated() {
            let place = "grant \(index + 1)"
            guard item.members != nil else {
                throw LicenseRejection(.payload, "\(place) is \(item.kindName), not an object")
            }
            let entitlement = try string(item, "entitlement", in: place)
            let expires = try optionalDate(item, "expires", in: place)
            var grace: SubscriptionPeriod?
            if let text = try optionalString(item, "grace", in: place) {
                do { grace = try SubscriptionPeriod(iso8601: text) } catch {
                    throw LicenseRejection(
                        .payload, "\(place)'s \"grace\" \(JSONString.quoted(text)): \(error.message)")
                }
            }
            grants.append(License.Grant(entitlement: entitlement, expires: expires, grace: grace))
        }
        return License(format: .tuiOnboard, id: id, appID: app, issued: issued, licensee: licensee, grants: grants)
    }

    // MARK: keygen.sh

    /// A keygen.sh machine file's document: `data` is the machine (its `fingerprint`), and
    /// `included` holds its license, with the license's entitlements and user as in a license file.
    private static func readKeygenMachine(_ node: JSONNode) throws(LicenseRejection) -> License {
        guard let data = node["data"], data.members != nil else {
            throw LicenseRejection(.payload, "the keygen machine file has no \"data\" object")
        }
        let fingerprint = try string(data["attributes"] ?? data, "fingerprint", in: "\"data.attributes\"")
        guard let license = node["included"]?.arrayValue?.first(where: { $0["type"]?.stringValue == "licenses" }),
            license.members != nil
        else {
            throw LicenseRejection(
                .payload, "the keygen machine file includes no license (check it out with include=license)")
        }
        var read = try readKeygen(node, license: license, place: "machine")
        read.format = .keygenMachine
        read.machineFingerprint = fingerprint
        return read
    }

    /// A keygen.sh license file's JSON:API document: `data` is the license, `included` its
    /// entitlements (`attributes.code`) and user, `meta` the file's issue time and expiry.
    private static func readKeygen(_ node: JSONNode) throws(LicenseRejection) -> License {
        guard let data = node["data"], data.members != nil else {
            throw LicenseRejection(.payload, "the keygen license file has no \"meta\" and \"data\" objects")
        }
        return try readKeygen(node, license: data, place: "license")
    }

    /// The license `data` describes in the keygen document `node` (a license or machine file).
    private static func readKeygen(_ node: JSONNode, license data: JSONNode, place: String) throws(LicenseRejection)
        -> License
    {
        guard let meta = node["meta"], meta.members != nil else {
            throw LicenseRejection(.payload, "the keygen \(place) file has no \"meta\" and \"data\" objects")
        }
        let id = try string(data, "id", in: "\"data\"")
        let attributes = data["attributes"]
        let issued = try date(meta, "issued", in: "\"meta\"")
        let fileExpires = try optionalDate(meta, "expiry", in: "\"meta\"")
        let expires = try attributes.flatMap { node throws(LicenseRejection) in
            try optionalDate(node, "expiry", in: "\"data.attributes\"")
        }
        let included = node["included"]?.arrayValue ?? []
        let codes = included.filter { $0["type"]?.stringValue == "entitlements" }.compactMap {
            $0["attributes"]?["code"]?.stringValue
        }
        guard !codes.isEmpty else {
            let include = place == "machine" ? "include=license.entitlements" : "include=entitlements"
            throw LicenseRejection(
                .payload, "the keygen \(place) file includes no entitlements (check it out with \(include))")
        }
        let app =
            attributes?["metadata"]?["app"]?.stringValue
            ?? data["relationships"]?["product"]?["data"]?["id"]?.stringValue ?? ""
        let user = included.first { $0["type"]?.stringValue == "users" }?["attributes"]
        var name = user?["fullName"]?.stringValue
        if name == nil, let first = user?["firstName"]?.stringValue {
            name = [first, user?["lastName"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        }
        let licensee = License.Licensee(
            name: name ?? attributes?["name"]?.stringValue, email: user?["email"]?.stringValue)
        var status = try attributes.flatMap { node throws(LicenseRejection) in
            try optionalString(node, "status", in: "\"data.attributes\"")
        }?.uppercased()
        if let suspended = attributes?["suspended"], case .bool(true) = suspended.value { status = "SUSPENDED" }
        return License(
            format: .keygen, id: id, appID: app, issued: issued,
            licensee: licensee.text == nil ? nil : licensee,
            grants: codes.map { License.Grant(entitlement: $0, expires: expires) }, fileExpires: fileExpires,
            keygenStatus: status)
    }

    // MARK: Members

    private static func string(_ node: JSONNode, _ key: String, in place: String) throws(LicenseRejection) -> String {
        guard let member = node[key] else { throw LicenseRejection(.payload, "\(place) has no \"\(key)\"") }
        guard let text = member.stringValue, !text.isEmpty else {
            throw LicenseRejection(.payload, "\(place)'s \"\(key)\" is \(member.kindName), not a non-empty string")
        }
        return text
    }

    private static func optionalString(_ node: JSONNode, _ key: String, in place: String) throws(LicenseRejection)
        -> String?
    {
        guard let member = node[key], !member.isNull else { return nil }
        guard let text = member.stringValue else {
            throw LicenseRejection(.payload, "\(place)'s \"\(key)\" is \(member.kindName), not a string")
        }
        return text
    }

    private static func date(_ node: JSONNode, _ key: String, in place: String) throws(LicenseRejection) -> Date {
        guard let date = try optionalDate(node, key, in: place) else {
            throw LicenseRejection(.payload, "\(place) has no \"\(key)\" date")
        }
        return date
    }

    private static func optionalDate(_ node: JSONNode, _ key: String, in place: String) throws(LicenseRejection)
        -> Date?
    {
        guard let text = try optionalString(node, key, in: place) else { return nil }
        do { return try RFC3339Date.parse(text) } catch {
            throw LicenseRejection(
                .payload, "\(place)'s \"\(key)\" \(JSONString.quoted(text)) is not an RFC 3339 time: \(error.reason)")
        }
    }
}
