import Foundation
import Glibc

/// Runs `body` with a fresh, empty directory that is deleted afterwards, so each test has its
/// own state directory.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let base = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("onboard-store-XXXXXX").path
    var template = Array(base.utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard let created else { throw CocoaError(.fileWriteUnknown) }
    let path = String(cString: created)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// The raw bytes of a file, for tests that inspect or damage what is on disk.
func fileBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Appends raw bytes to a file, bypassing the store.
func appendBytes(_ bytes: [UInt8], to path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(bytes))
}

/// The lines of a file, split at newlines; a last piece without newline is included.
func fileLines(_ path: String) throws -> [String] {
    String(decoding: try fileBytes(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init).filter { !$0.isEmpty }
}
