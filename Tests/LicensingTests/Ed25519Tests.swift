import OnboardKit
import OnboardSignature
import OnboardSigning
import Testing

/// libsodium's Ed25519 against RFC 8032 §7.1's test vectors: key derivation, signing and checking.
@Suite("Ed25519 (RFC 8032)")
struct Ed25519Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var name: String
        var seed: String
        var publicKey: String
        var message: String
        var signature: String
        var testDescription: String { name }
    }

    static let vectors = [
        Vector(
            name: "TEST 1", seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", message: "",
            signature:
                "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        ),
        Vector(
            name: "TEST 2", seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", message: "72",
            signature:
                "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
        ),
        Vector(
            name: "TEST 3", seed: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", message: "af82",
            signature:
                "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"
        ),
    ]

    @Test(arguments: vectors)
    func theRFCsKeysAndSignaturesComeOut(_ vector: Vector) throws {
        let key = try Ed25519SigningKey(seed: Hex.decode(vector.seed)!)
        let message = Hex.decode(vector.message)!
        #expect(Hex.encode(key.publicKey) == vector.publicKey)
        #expect(Hex.encode(key.signature(of: message)) == vector.signature)
        #expect(Ed25519.isValid(signature: Hex.decode(vector.signature)!, of: message, publicKey: key.publicKey))
    }

    @Test(arguments: vectors)
    func anyBitChangedInTheSignatureOrMessageFails(_ vector: Vector) {
        let signature = Hex.decode(vector.signature)!
        let message = Hex.decode(vector.message)!
        let publicKey = Hex.decode(vector.publicKey)!
        for bit in 0..<(signature.count * 8) {
            var changed = signature
            changed[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(!Ed25519.isValid(signature: changed, of: message, publicKey: publicKey), "signature bit \(bit)")
        }
        #expect(!Ed25519.isValid(signature: signature, of: message + [0], publicKey: publicKey))
        #expect(!Ed25519.isValid(signature: Array(signature.dropLast()), of: message, publicKey: publicKey))
        #expect(!Ed25519.isValid(signature: signature, of: message, publicKey: [UInt8](repeating: 0, count: 32)))
    }
}
