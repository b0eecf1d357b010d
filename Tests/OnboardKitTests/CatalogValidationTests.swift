import Foundation
import Testing

@testable import OnboardKit

@Suite struct CatalogValidationTests {
    @Test(arguments: [
        StoreKitImporterTests.revenueCat, StoreKitImporterTests.cisum, StoreKitImporterTests.chemsims,
    ])
    func realStoreKitFilesValidateClean(name: String) {
        let diagnostics = CatalogValidation.validate(
            path: CatalogFixtures.storeKitPath(name), fileReader: CatalogFixtures.diskReader)
        // Files selling subscriptions without legal links get the one warning JSON catalogs get.
        let sellsSubscriptions = name != StoreKitImporterTests.chemsims
        #expect(
            diagnostics.map(\.path) == (sellsSubscriptions ? ["appPolicies"] : []), "\(diagnostics.map(\.description))")
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func theDefaultCatalogValidatesClean() {
        #expect(
            CatalogValidation.validate(path: CatalogFixtures.defaultCatalogPath, fileReader: CatalogFixtures.diskReader)
                .isEmpty)
    }

    @Test func theExtensionPicksTheFormat() {
        let json = CatalogDecoderTests.valid
        // The same JSON catalog named .storekit is read as a StoreKit file: it has no products there.
        let asStoreKit = CatalogValidation.validate(
            path: "catalog.storekit", fileReader: CatalogFixtures.memoryReader(["catalog.storekit": json]))
        #expect(asStoreKit.contains { $0.severity == .error && $0.message.contains("no products") })
        let asCatalog = CatalogValidation.validate(
            path: "catalog.json", fileReader: CatalogFixtures.memoryReader(["catalog.json": json]))
        #expect(asCatalog.isEmpty)
    }

    @Test func diagnosticsReadLikeCompilerMessages() throws {
        let text = CatalogDecoderTests.valid.replacingOccurrences(of: "\"P1Y\"", with: "\"P1Q\"")
        let diagnostics = CatalogValidation.validate(
            path: "decks/catalog.json", fileReader: CatalogFixtures.memoryReader(["decks/catalog.json": text]))
        let error = try #require(diagnostics.first)
        let position = try #require(CatalogFixtures.position(of: "\"P1Q\"", in: text))
        #expect(error.description.hasPrefix("decks/catalog.json:\(position): error: products[0].period: \"P1Q\""))
    }

    @Test func controlCharactersInInputNeverReachMessages() {
        let text = CatalogDecoderTests.valid.replacingOccurrences(
            of: "\"product\": \"pro_annual\"", with: "\"product\": \"\\u001b[31mevil\\u0007\"")
        let diagnostics = CatalogValidation.validate(
            path: "catalog.json", fileReader: CatalogFixtures.memoryReader(["catalog.json": text]))
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            #expect(!diagnostic.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }
}
