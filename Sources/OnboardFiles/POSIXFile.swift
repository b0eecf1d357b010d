import Glibc

/// Thin wrappers over the file system calls the store needs, retrying on EINTR and turning
/// failures into `SystemCallError`s that name the path.
package enum POSIXFile {
    package static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(SystemCallError) -> Int32 {
        try FaultInjection.check("open", path)
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw .current("open", path) }
        }
    }

    package static func close(_ descriptor: Int32) {
        // close() must not be retried on Linux: the descriptor is gone even after EINTR.
        _ = Glibc.close(descriptor)
    }

    /// Writes every byte, continuing after partial writes.
    package static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>, path: String)
        throws(SystemCallError)
    {
        try FaultInjection.check("write", path)
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .current("write", path)
            }
            offset += written
        }
    }

    /// The whole contents of the regular file at `path` (symbolic links followed), or nil when
    /// it does not exist. A FIFO, device or directory is refused without blocking on it, and so
    /// is a file over `limit` bytes, without reading more than the limit.
    package static func readFile(_ path: String, limit: Int = Int.max) throws(FileReadFailure) -> [UInt8]? {
        do {
            return try readRegularFile(path, limit: limit)
        } catch {
            switch error {
            case .missing: return nil
            case .notRegular(let kind): throw .notRegular(path: path, kind: kind)
            case .tooLarge(let size): throw .tooLarge(path: path, size: size, limit: limit)
            case .system(let failure): throw .system(failure)
            }
        }
    }

    /// Why `readRegularFile` read nothing.
    package enum RegularFileFailure: Error {
        case missing
        /// A FIFO, a device, a directory or a socket ("a FIFO"...: `FileReadFailure.kindName`).
        case notRegular(kind: String)
        case tooLarge(size: Int)
        case system(SystemCallError)
    }

    /// The one way a file is read whole, for the store's files and the user's alike: opened
    /// without blocking (a FIFO with no writer would wait for ever), its type checked on the
    /// open descriptor (after symlinks, with no window for the path to change), its size
    /// checked, and then read, never more than one byte over `limit` (a file growing after the
    /// check is still refused).
    package static func readRegularFile(_ path: String, limit: Int) throws(RegularFileFailure) -> [UInt8] {
        let descriptor: Int32
        do {
            descriptor = try open(path, flags: O_RDONLY | O_NONBLOCK)
        } catch {
            if error.code == ENOENT { throw .missing }
            // A socket cannot be opened at all (ENXIO): say what it is rather than the errno.
            var info = stat()
            if stat(path, &info) == 0, let kind = FileReadFailure.kindName(mode: info.st_mode) {
                throw .notRegular(kind: kind)
            }
            throw .system(error)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(.current("inspect", path)) }
        if let kind = FileReadFailure.kindName(mode: info.st_mode) { throw .notRegular(kind: kind) }
        if Int(info.st_size) > limit { throw .tooLarge(size: Int(info.st_size)) }
        let bytes: [UInt8]
        do {
            try FaultInjection.check("read", path)
            bytes = try DescriptorReader.readToEnd(
                descriptor, path: path, expectedSize: Int(info.st_size), limit: limit)
        } catch {
            throw .system(error)
        }
        if bytes.count > limit { throw .tooLarge(size: bytes.count) }
        return bytes
    }

    /// Reads up to `count` bytes at `offset` without moving the file position.
    package static func read(_ descriptor: Int32, count: Int, at offset: Int, path: String) throws(SystemCallError)
        -> [UInt8]
    {
        try FaultInjection.check("read", path)
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .current("read", path)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(buffer[0..<filled])
    }

    package static func size(_ descriptor: Int32, path: String) throws(SystemCallError) -> Int {
        try FaultInjection.check("inspect", path)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .current("inspect", path) }
        return Int(info.st_size)
    }

    package static func truncate(_ descriptor: Int32, to length: Int, path: String) throws(SystemCallError) {
        try FaultInjection.check("truncate", path)
        while ftruncate(descriptor, off_t(length)) != 0 {
            if errno != EINTR { throw .current("truncate", path) }
        }
    }

    package static func sync(_ descriptor: Int32, path: String) throws(SystemCallError) {
        try FaultInjection.check("fsync", path)
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw .current("fsync", path) }
        }
    }

    /// Makes a directory's entries (a created, renamed or removed file) durable. File systems
    /// that cannot sync a directory (EINVAL) already keep entries durable in their own way.
    package static func syncDirectory(_ directory: String) throws(SystemCallError) {
        let descriptor = try open(directory, flags: O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        try FaultInjection.check("fsync the directory", directory)
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL { return }
            throw .current("fsync the directory", directory)
        }
    }

    /// The names in a directory (without "." and ".."), or none when it cannot be read. readdir(3),
    /// not FileManager: this runs at every save, and FileManager brings CoreFoundation's code in.
    package static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    package static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        do { try FaultInjection.check("rename to \(destination)", source) } catch {
            throw SystemCallError(operation: "rename", path: source, code: error.code, destination: destination)
        }
        guard Glibc.rename(source, destination) == 0 else { throw .current("rename", source, to: destination) }
    }

    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
