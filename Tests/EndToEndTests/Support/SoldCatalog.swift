import Foundation
import Testing

/// The built-in catalog sold for real, as the license tests need it: the given `licensing`, a
/// checkout address on every product, and its first entitlement renamed when a license file
/// names it otherwise; written as catalog.json in a test's directory.
enum SoldCatalog {
    static func write(
        in directory: TemporaryDirectory, licensing: [String: Any], entitlementID: String? = nil
    ) throws -> String {
        let source = BuiltBinary.repositoryRoot.appendingPathComponent("Assets/default-catalog.json")
        var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        catalog.removeValue(forKey: "$schema")
        catalog["licensing"] = licensing
        if let entitlementID {
            var entitlements = try #require(catalog["entitlements"] as? [[String: Any]])
            entitlements[0]["id"] = entitlementID
            catalog["entitlements"] = entitlements
        }
        let products = try #require(catalog["products"] as? [[String: Any]])
        catalog["products"] = products.map { product in
            var product = product
            product["checkout"] = ["url": "https://shop.example.com/b?p=\(product["id"] as? String ?? "")&ref={ref}"]
            return product
        }
        let path = directory.path("catalog.json")
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: path))
        return path
    }
}
