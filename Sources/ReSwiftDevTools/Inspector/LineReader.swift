import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a byte stream into lines, each at most `limit` bytes, in one pass over the bytes.
///
/// Only the unfinished last line is kept between chunks, so what a peer sends at once can be any
/// size: a line longer than the limit is reported once, as ``Piece/tooLong``, and its bytes up to
/// its newline are skipped, never kept.
struct LineReader {
    /// What a chunk held, in order.
    enum Piece: Equatable {
        /// A line without its newline (never empty: blank lines are skipped).
        case line(Data)
        /// A line longer than the limit, dropped.
        case tooLong
    }

    let limit: Int
    /// The bytes of the line not finished yet, at most `limit`.
    private var partial = Data()
    /// The line being read went over the limit: skip to its newline.
    private var isSkipping = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds the next bytes of the stream, appending the lines they finish to `pieces`.
    mutating func consume(_ bytes: UnsafeRawBufferPointer, into pieces: inout [Piece]) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                keep(UnsafeRawBufferPointer(rebasing: bytes[start...]), pieces: &pieces)
                return
            }
            let newline = base.distance(to: UnsafeRawPointer(found))
            if isSkipping {
                isSkipping = false
            } else if partial.count + (newline - start) > limit {
                pieces.append(.tooLong)
            } else {
                partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<newline]))
                if !partial.isEmpty { pieces.append(.line(partial)) }
            }
            partial = Data()
            start = newline + 1
        }
    }

    /// Keeps the start of an unfinished line, or starts skipping it once it is over the limit.
    private mutating func keep(_ bytes: UnsafeRawBufferPointer, pieces: inout [Piece]) {
        guard !isSkipping else { return }
        if partial.count + bytes.count > limit {
            partial = Data()
            isSkipping = true
            pieces.append(.tooLong)
        } else {
            partial.append(contentsOf: bytes)
        }
    }
}
