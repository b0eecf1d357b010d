import CLzma

/// The built-in files as `scripts/pack-built-in-assets.py` packs them: one xz stream of
/// `path NUL size NUL bytes` records, sorted by path.
enum PackedAssets {
    /// What went wrong unpacking: the binary's own copy is damaged (or the packer and this
    /// reader disagree), never anything a user did.
    struct Damage: Error, Equatable {
        let reason: String
    }

    /// The files of `stream` by path.
    static func unpack(_ stream: [UInt8]) -> Result<[String: [UInt8]], Damage> {
        decompress(stream).flatMap(records)
    }

    /// `stream` unpacked whole by liblzma; the output grows until it holds everything.
    static func decompress(_ stream: [UInt8]) -> Result<[UInt8], Damage> {
        var capacity = max(stream.count * 8, 4096)
        // Far above anything Assets/ holds: a damaged size field cannot ask for more.
        let largest = 64 << 20
        while capacity <= largest {
            var memoryLimit: UInt64 = 64 << 20
            var inputPosition = 0
            var status = LZMA_OK
            // Uninitialized: only the bytes liblzma writes are touched, and become the array.
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var outputPosition = 0
                status = stream.withUnsafeBufferPointer { input in
                    lzma_stream_buffer_decode(
                        &memoryLimit, 0, nil, input.baseAddress, &inputPosition, input.count, buffer.baseAddress,
                        &outputPosition, buffer.count)
                }
                initialized = outputPosition
            }
            if status == LZMA_OK { return .success(output) }
            guard status == LZMA_BUF_ERROR, output.count == capacity else {
                return .failure(Damage(reason: "liblzma could not unpack them (lzma_ret \(status.rawValue))"))
            }
            capacity *= 2
        }
        return .failure(Damage(reason: "they unpack to more than \(largest) bytes"))
    }

    /// The `path NUL size NUL bytes` records of `container`.
    static func records(_ container: [UInt8]) -> Result<[String: [UInt8]], Damage> {
        var files: [String: [UInt8]] = [:]
        var position = 0
        func field() -> String? {
            guard let end = container[position...].firstIndex(of: 0) else { return nil }
            defer { position = end + 1 }
            return String(validating: container[position..<end], as: UTF8.self)
        }
        while position < container.count {
            guard let path = field(), !path.isEmpty, let sizeText = field(), let size = Int(sizeText), size >= 0,
                size <= container.count - position
            else { return .failure(Damage(reason: "a record at byte \(position) is cut short or malformed")) }
            files[path] = Array(container[position..<position + size])
            position += size
        }
        return .success(files)
    }
}
