/// GrowthBook's deterministic bucketing, hash version 2: `fnv32a(fnv32a(seed + id) + "") %
/// 10000`, where the inner hash is written as a decimal number before it is hashed again.
///
/// FNV-1a runs over UTF-16 code units, as GrowthBook's JavaScript SDK does with
/// `charCodeAt`, so a seed outside ASCII buckets the same there and here.
public enum ExperimentHash {
    /// How many buckets the hash falls into: 0 ..< 10000.
    public static let bucketCount = 10_000

    /// The bucket of `id` (the install id) in an experiment hashed with `seed`.
    public static func bucket(seed: String, id: String) -> Int {
        let inner = fnv32a(seed + id)
        return Int(fnv32a(String(inner)) % UInt32(bucketCount))
    }

    /// 32-bit FNV-1a over the text's UTF-16 code units.
    public static func fnv32a(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for unit in text.utf16 {
            hash ^= UInt32(unit)
            hash = hash &* 0x0100_0193
        }
        return hash
    }
}
