/// Hides an app key in text meant for people (errors, logs, the list), in every form a server may
/// echo it.
///
/// A *piece* of the key is a run of at least ``shortestPiece`` consecutive characters of the key
/// (or the whole key, when it is shorter), each written as itself (letters in either case),
/// percent-escaped (hex digits in either case, or escaped twice as `%25XX`), `+` for a space, or
/// JSON-escaped (`\/`, `\\`, `\"`, `\u00XX`), in any mixture. So the key is found whole, cut
/// short, and however a server re-encoded it; each piece becomes `…`.
///
/// Scrubbing is one pass in time linear in the text: the text is read once into the characters it
/// spells, and a suffix automaton of the key (built once per key) finds the longest piece starting
/// at each of them. Make one value per key and reuse it:
///
/// ```swift
/// let redaction = AppKeyRedaction(key: appKey)
/// let safe = redaction.scrub(serverText)
/// ```
package struct AppKeyRedaction: Sendable {
    /// The shortest run of the key's characters treated as a piece of it (or the whole key, when
    /// shorter): 5, the number "Using library-finder" states. A server that echoes five
    /// characters of the key (`invalid appkey (SECRE)`) has them hidden; shorter runs are too
    /// common in ordinary text to hide.
    package static let shortestPiece = 5

    /// How much of a long text is scrubbed and kept before it is shortened further.
    package static let scrubbedPrefixBytes = 4096

    /// The automaton of the key's pieces; `nil` for an empty key, which hides nothing.
    private let pieces: KeyPieceFinder?
    private let shortest: Int
    /// The bytes that can be part of a piece as written: the key's characters in either case, `+`
    /// for a space, and the bytes of escapes. Text with no run of ``shortest`` of them holds no
    /// piece, and is returned without further work.
    private let pieceBytes: [Bool]

    /// Prepares to hide `key`.
    ///
    /// - Complexity: O(*k* · *a*) for a key of *k* bytes with *a* different characters.
    package init(key: String) {
        let spelled = Self.spelledCharacters(Array(key.utf8))
        pieces = spelled.isEmpty ? nil : KeyPieceFinder(key: spelled)
        shortest = min(spelled.count, Self.shortestPiece)
        var pieceBytes = [Bool](repeating: false, count: 256)
        for byte in spelled {
            pieceBytes[Int(byte)] = true
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { pieceBytes[Int(byte - 32)] = true }
            if byte == UInt8(ascii: " ") { pieceBytes[Int(UInt8(ascii: "+"))] = true }
        }
        for byte in "%\\u/\"0123456789abcdefABCDEF".utf8 { pieceBytes[Int(byte)] = true }
        self.pieceBytes = pieceBytes
    }

    /// `text` with every piece of the key replaced by `…`.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    package func scrub(_ text: String) -> String {
        guard let pieces, mayHoldAPiece(text) else { return text }
        let bytes = Array(text.utf8)
        var spelled: [UInt8] = []
        spelled.reserveCapacity(bytes.count)
        var position = 0
        while position < bytes.count {
            let unit = Self.unit(in: bytes, at: position)
            spelled.append(Self.folded(unit.character))
            position += unit.length
        }
        let longest = pieces.longestPieces(startingIn: spelled)
        guard longest.contains(where: { Int($0) >= shortest }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        position = 0
        var index = 0
        while position < bytes.count {
            let piece = Int(longest[index])
            if piece >= shortest {
                output += "…".utf8
                for _ in 0..<piece { position += Self.unit(in: bytes, at: position).length }
                index += piece
            } else {
                let length = Self.unit(in: bytes, at: position).length
                output += bytes[position..<position + length]
                position += length
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` has a run of ``shortest`` bytes that could each be part of a piece.
    private func mayHoldAPiece(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = pieceBytes[Int(byte)] ? run + 1 : 0
            if run == shortest { return true }
        }
        return false
    }

    /// `text` scrubbed of the key, then cut to at most `limit` characters (with `…` when cut).
    /// Long text is scrubbed on a prefix of ``scrubbedPrefixBytes``; a key cut at that boundary
    /// still goes (as a piece), and what follows the boundary is never shown.
    ///
    /// - Complexity: O(min(*n*, ``scrubbedPrefixBytes``)), whatever the length of `text`.
    package func excerpt(of text: String, limit: Int) -> String {
        let isLong = text.utf8.count > Self.scrubbedPrefixBytes
        let prefix =
            isLong ? String(decoding: text.utf8.prefix(Self.scrubbedPrefixBytes), as: UTF8.self) : text
        let clean = scrub(prefix)
        return isLong || clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }

    /// `text` with every piece of `key` replaced by `…` (see ``scrub(_:)``).
    package static func scrub(_ text: String, key: String) -> String {
        AppKeyRedaction(key: key).scrub(text)
    }

    /// `text` scrubbed of `key`, then cut to at most `limit` characters (see
    /// ``excerpt(of:limit:)``).
    package static func excerpt(of text: String, key: String, limit: Int) -> String {
        AppKeyRedaction(key: key).excerpt(of: text, limit: limit)
    }

    // MARK: - Reading encoded text

    /// The characters `bytes` spell once escapes are read, letters in lower case and `+` as a
    /// space.
    private static func spelledCharacters(_ bytes: [UInt8]) -> [UInt8] {
        var spelled: [UInt8] = []
        var position = 0
        while position < bytes.count {
            let unit = unit(in: bytes, at: position)
            spelled.append(folded(unit.character))
            position += unit.length
        }
        return spelled
    }

    /// The character written at `bytes[position]`, and how many bytes write it: `%XX` and
    /// `%25XX` (3 and 5), `\/`, `\\`, `\"` (2) and `\u00XX` (6), or the byte itself (1).
    @inline(__always)
    private static func unit(in bytes: [UInt8], at position: Int) -> (character: UInt8, length: Int) {
        let first = bytes[position]
        if first == UInt8(ascii: "%"), let value = hexValue(bytes, at: position + 1) {
            if value == 0x25, let twice = hexValue(bytes, at: position + 3) { return (twice, 5) }
            return (value, 3)
        }
        if first == UInt8(ascii: "\\"), position + 1 < bytes.count {
            let escaped = bytes[position + 1]
            if escaped == UInt8(ascii: "/") || escaped == UInt8(ascii: "\\") || escaped == UInt8(ascii: "\"")
            {
                return (escaped, 2)
            }
            if escaped == UInt8(ascii: "u"), hexValue(bytes, at: position + 2) == 0,
                let value = hexValue(bytes, at: position + 4)
            {
                return (value, 6)
            }
        }
        return (first, 1)
    }

    /// Letters in lower case, `+` as a space (as a query string reads it).
    @inline(__always)
    private static func folded(_ byte: UInt8) -> UInt8 {
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return byte + 32 }
        return byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
    }

    /// The byte written by two hex digits at `bytes[position...]`, in either case.
    @inline(__always)
    private static func hexValue(_ bytes: [UInt8], at position: Int) -> UInt8? {
        guard position + 1 < bytes.count, let high = hexDigit(bytes[position]),
            let low = hexDigit(bytes[position + 1])
        else { return nil }
        return high << 4 | low
    }

    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Finds, for each position of a text, the longest run starting there that occurs in the key: a
/// suffix automaton of the reversed key, run over the text from its end (the classic matching
/// statistics, O(1) amortized per character).
private struct KeyPieceFinder: Sendable {
    /// Each byte's column in `next`; 0 for bytes the key doesn't contain.
    private let columns: [Int32]
    private let width: Int
    /// `next[state * width + column]`: the state after reading a byte, or -1.
    private let next: [Int32]
    /// Each state's suffix link (-1 for the first state).
    private let link: [Int32]
    /// The length of the longest string each state stands for.
    private let length: [Int32]

    package init(key: [UInt8]) {
        var columns = [Int32](repeating: 0, count: 256)
        var width: Int32 = 1
        for byte in key where columns[Int(byte)] == 0 {
            columns[Int(byte)] = width
            width += 1
        }
        let stride = Int(width)
        var next = [Int32](repeating: -1, count: stride)
        var link: [Int32] = [-1]
        var length: [Int32] = [0]
        func addState(length newLength: Int32, copying source: Int? = nil) -> Int {
            if let source {
                let row = Array(next[source * stride..<(source + 1) * stride])
                next += row
            } else {
                next += repeatElement(-1, count: stride)
            }
            link.append(-1)
            length.append(newLength)
            return length.count - 1
        }
        var last = 0
        for byte in key.reversed() {
            let column = Int(columns[Int(byte)])
            let current = addState(length: length[last] + 1)
            var state = last
            while state != -1 && next[state * stride + column] == -1 {
                next[state * stride + column] = Int32(current)
                state = Int(link[state])
            }
            if state == -1 {
                link[current] = 0
            } else {
                let target = Int(next[state * stride + column])
                if length[state] + 1 == length[target] {
                    link[current] = Int32(target)
                } else {
                    let clone = addState(length: length[state] + 1, copying: target)
                    link[clone] = link[target]
                    while state != -1 && next[state * stride + column] == Int32(target) {
                        next[state * stride + column] = Int32(clone)
                        state = Int(link[state])
                    }
                    link[target] = Int32(clone)
                    link[current] = Int32(clone)
                }
            }
            last = current
        }
        self.columns = columns
        self.width = stride
        self.next = next
        self.link = link
        self.length = length
    }

    /// For each index of `text`, the length of the longest prefix of `text[index...]` that occurs
    /// in the key.
    ///
    /// - Complexity: O(*n*).
    package func longestPieces(startingIn text: [UInt8]) -> [Int32] {
        var result = [Int32](repeating: 0, count: text.count)
        var state = 0
        var matched: Int32 = 0
        for index in text.indices.reversed() {
            let column = Int(columns[Int(text[index])])
            if column == 0 {
                state = 0
                matched = 0
                continue
            }
            while state != 0 && next[state * width + column] == -1 {
                state = Int(link[state])
                matched = length[state]
            }
            // The first state reads every byte of the key.
            state = Int(next[state * width + column])
            matched += 1
            result[index] = matched
        }
        return result
    }
}
