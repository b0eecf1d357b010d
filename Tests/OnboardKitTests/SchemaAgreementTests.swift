import Foundation
import Testing

@testable import OnboardKit

/// The deck and catalog schemas (Assets/schemas) name exactly the members, kinds and names the
/// decoders know, so a member or symbol added to a decoder cannot be forgotten in its schema.
/// Whether a real validator agrees with `validate` is checked end to end (SchemaTests).
@Suite struct SchemaAgreementTests {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/schemas")

    static func schema(_ name: String) throws -> JSONNode {
        let data = try Data(contentsOf: schemas.appendingPathComponent("\(name).schema.json"))
        return try JSONParser.parse(Array(data))
    }

    /// The member names under `properties` of the schema at `path` (`$defs` names, then keys).
    static func members(_ root: JSONNode, _ path: [String]) -> Set<String> {
        var node: JSONNode? = root
        for key in path { node = node?[key] }
        return Set(node?["properties"]?.members?.map(\.key) ?? [])
    }

    static func strings(_ node: JSONNode?) -> Set<String> {
        Set(node?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    static func number(_ node: JSONNode?) -> String? {
        guard case .number(let text) = node?.value else { return nil }
        return text
    }

    /// The names in a pattern such as `^(#(…)|black|red)$`.
    static func patternNames(_ node: JSONNode?) -> Set<String> {
        let pattern = node?["pattern"]?.stringValue ?? ""
        let body = pattern.dropFirst(2).dropLast(2)
        return Set(body.split(separator: "|").map(String.init).filter { $0.allSatisfy(\.isLetter) })
    }

    @Test func theDeckSchemaNamesWhatTheDeckDecoderKnows() throws {
        let deck = try Self.schema("deck")
        let definitions = deck["$defs"]
        #expect(Self.members(deck, []) == DeckLoader.topLevelKeys)
        #expect(Self.strings(definitions?["page"]?["properties"]?["kind"]?["enum"]) == Set(DeckLoader.pageKinds))
        #expect(
            Self.strings(definitions?["symbol"]?["enum"])
                == Set(SymbolLibrary.names).union(SymbolLibrary.aliases.keys))
        #expect(Self.patternNames(definitions?["color"]) == Set(ColorName.named.keys))
        #expect(Self.patternNames(definitions?["confettiColor"]) == Set(ConfettiPalette.named.keys))
        #expect(Self.strings(definitions?["preset"]?["enum"]) == Set(ConfettiCannon.presets.keys))
        #expect(Self.patternNames(definitions?["trigger"]) == Set(ConfettiCannon.presets.keys))
        #expect(Self.members(deck, ["$defs", "cannonMembers"]) == ConfettiCannon.knownKeys)
        #expect(Self.members(deck, ["properties", "confetti"]) == ConfettiTriggers.knownKeys)
        let background = definitions?["background"]?["oneOf"]?.arrayValue
        #expect(Self.strings(background?.first?["enum"]) == Set(DeckDecoder.backgroundNames))
        #expect(Self.strings(background?.last?["properties"]?["pattern"]?["enum"]) == Set(DeckDecoder.backgroundNames))
        #expect(Set(background?.last?["properties"]?.members?.map(\.key) ?? []) == DeckDecoder.backgroundKeys)
        for page in ["stepPage", "heroPage", "paywallPage"] {
            #expect(Self.members(deck, ["$defs", page]).contains("background"), "\(page) has no background")
        }
        let pieces = definitions?["confettiPiece"]?["description"]?.stringValue ?? ""
        for shape in ConfettiPiece.Shape.allCases {
            #expect(pieces.contains(shape.rawValue), "the confetti piece's description does not name \(shape)")
        }
    }

    @Test func theCatalogSchemaNamesWhatTheCatalogDecoderKnows() throws {
        let catalog = try Self.schema("catalog")
        let definitions = catalog["$defs"]
        #expect(Self.members(catalog, []) == CatalogDecoder.documentKeys)
        #expect(Self.members(catalog, ["$defs", "product"]) == CatalogDecoder.productKeys)
        #expect(Self.members(catalog, ["$defs", "introductoryOffer"]) == CatalogDecoder.introductoryOfferKeys)
        #expect(Self.members(catalog, ["$defs", "entitlement"]) == CatalogDecoder.entitlementKeys)
        #expect(Self.members(catalog, ["$defs", "offering"]) == CatalogDecoder.offeringKeys)
        #expect(
            Self.members(catalog, ["$defs", "offering", "properties", "packages", "items"])
                == CatalogDecoder.packageKeys)
        #expect(Self.members(catalog, ["$defs", "offering", "properties", "copy"]) == CatalogDecoder.copyKeys)
        #expect(
            Self.strings(definitions?["product"]?["properties"]?["type"]?["enum"])
                == Set(ProductType.allCases.map(\.rawValue)))
        #expect(
            Self.strings(definitions?["introductoryOffer"]?["properties"]?["mode"]?["enum"])
                == Set(IntroductoryOffer.PaymentMode.allCases.map(\.rawValue)))
        #expect(
            Self.number(definitions?["introductoryOffer"]?["properties"]?["periodCount"]?["maximum"])
                == "\(SubscriptionPeriod.maximumValue)")
        #expect(Self.number(catalog["properties"]?["formatVersion"]?["maximum"]) == "\(CatalogDecoder.formatVersion)")
    }

    @Test func theCatalogSchemaNamesTheOffersTheDecoderKnows() throws {
        let catalog = try Self.schema("catalog")
        let definitions = catalog["$defs"]
        #expect(Self.members(catalog, ["properties", "store"]) == CatalogDecoder.storeKeys)
        #expect(Self.members(catalog, ["$defs", "offer"]) == CatalogDecoder.offerKeys)
        #expect(Self.members(catalog, ["$defs", "offerCode"]) == CatalogDecoder.offerCodeKeys)
        #expect(Self.members(catalog, ["$defs", "offer", "properties", "winBack"]) == CatalogDecoder.winBackKeys)
        #expect(
            Self.strings(definitions?["offer"]?["properties"]?["kind"]?["enum"])
                == Set(CatalogDecoder.productOfferKinds.map(\.rawValue)))
        #expect(
            Self.strings(definitions?["eligibility"]?["items"]?["enum"])
                == Set(SubscriptionOffer.Eligibility.allCases.map(\.rawValue)))
        for offer in ["offer", "offerCode"] {
            #expect(
                Self.strings(definitions?[offer]?["properties"]?["mode"]?["enum"])
                    == Set(IntroductoryOffer.PaymentMode.allCases.map(\.rawValue)), "\(offer)")
        }
        let code = definitions?["offerCode"]?["properties"]?["code"]?["pattern"]?.stringValue
        #expect(code == "^[A-Za-z0-9_-]{1,\(OfferCodeSpelling.maximumLength)}$")
        let months = definitions?["offer"]?["properties"]?["winBack"]?["properties"]?["maximumMonthsSinceLapse"]
        #expect(Self.number(months?["maximum"]) == "\(CatalogDecoder.winBackMonths.upperBound)")
    }
}
