/// Turns the bytes a terminal sends in raw mode into ``Key``s.
///
/// Feed bytes as they arrive; keys come out as soon as they are complete. A lone Esc can't be
/// told apart from the start of an escape sequence until more bytes arrive or a short time passes,
/// so the decoder keeps it pending (``hasPendingInput``) and the caller calls ``flush()`` when no
/// more bytes came within its timeout (``EventLoop`` does this after 30 ms by default).
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed(Array("\u{1B}[Aq".utf8))   // [.up, .character("q")]
/// decoder.feed([0x1B])                     // [] — maybe the start of a sequence
/// decoder.flush()                          // [.escape]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// The bytes of a bracketed paste received so far, while one is open.
    private var paste: [UInt8]?
    /// How many bytes of ``pasteEnd`` the bytes just received end with, inside a paste: the end
    /// marker may be split across reads.
    private var pasteEndMatched = 0

    /// `ESC [200~`: a terminal in bracketed-paste mode sends it before pasted text.
    static let pasteStart: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    /// `ESC [201~`: the end of pasted text.
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The most bytes one ``Key/paste(_:)`` carries. A longer paste comes as several pastes, in
    /// order, so memory stays bounded even if the end marker never comes.
    public static let maximumPasteLength = 4 << 20

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are held back waiting for the rest of a sequence, a character or a paste.
    public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

    /// Whether a bracketed paste has started and its end marker hasn't come yet. An event loop
    /// waits longer for the rest of a paste than for the rest of an escape sequence, then calls
    /// ``flush()``, which ends the paste with what came: a paste whose end never comes (a
    /// terminal cut off mid-paste) can't take the keys typed after it.
    public var isInsidePaste: Bool { paste != nil }

    /// Adds bytes and returns the keys they complete.
    ///
    /// - Complexity: O(*n*) in the bytes added (plus the few held back from before), however the
    ///   input is split: a long paste costs each byte once.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Key] {
        pending.append(contentsOf: bytes)
        return decodePending(final: false)
    }

    /// Decodes whatever is pending as if no more bytes will come: a lone Esc becomes ``Key/escape``,
    /// an unfinished sequence becomes Esc followed by its characters, a cut-off UTF-8 character is
    /// dropped, and an unfinished paste ends with the text received so far.
    public mutating func flush() -> [Key] {
        var keys = decodePending(final: true)
        if paste != nil {
            paste!.append(contentsOf: Self.pasteEnd.prefix(pasteEndMatched))
            keys += finishPaste(upTo: paste!.count)
            paste = nil
            pasteEndMatched = 0
        }
        return keys
    }

    /// Decodes keys from the front of ``pending`` and then drops the bytes they used in one go:
    /// dropping each key's bytes on its own would make a long paste take quadratic time.
    private mutating func decodePending(final: Bool) -> [Key] {
        var keys: [Key] = []
        let pendingBytes = pending
        let used = pendingBytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                if paste != nil {
                    start = takePasted(buffer, from: start, into: &keys)
                    continue
                }
                guard
                    let (key, length) = Self.decodeFirst(
                        UnsafeBufferPointer(rebasing: buffer[start...]), final: final)
                else {
                    if final { start += 1 } else { break }
                    continue
                }
                if key == nil, length == Self.pasteStart.count,
                    buffer[start..<start + length].elementsEqual(Self.pasteStart)
                {
                    paste = []
                    pasteEndMatched = 0
                }
                start += length
                if let key { keys.append(key) }
            }
            return start
        }
        pending.removeFirst(used)
        return keys
    }

    /// Moves pasted bytes from `buffer[start...]` into ``paste`` until the end marker, which ends
    /// the paste (appending it to `keys`). - Returns: Where the bytes after the paste start.
    private mutating func takePasted(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, into keys: inout [Key]
    ) -> Int {
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            index += 1
            if byte == Self.pasteEnd[pasteEndMatched] {
                pasteEndMatched += 1
                if pasteEndMatched == Self.pasteEnd.count {
                    keys += finishPaste(upTo: paste!.count)
                    paste = nil
                    pasteEndMatched = 0
                    return index
                }
                continue
            }
            // Not the end marker after all: what matched of it was text (only its first byte is
            // an Esc, so the byte that broke the match can only start a new match).
            if pasteEndMatched > 0 {
                paste!.append(contentsOf: Self.pasteEnd.prefix(pasteEndMatched))
                pasteEndMatched = 0
            }
            if byte == Self.pasteEnd[0] {
                pasteEndMatched = 1
            } else {
                paste!.append(byte)
            }
            if paste!.count >= Self.maximumPasteLength {
                keys += finishPaste(upTo: Self.utf8Boundary(in: paste!, atOrBefore: Self.maximumPasteLength))
            }
        }
        return index
    }

    /// A ``Key/paste(_:)`` with the first `count` bytes of the paste (none when empty), which
    /// leave the paste.
    private mutating func finishPaste(upTo count: Int) -> [Key] {
        guard count > 0 else { return [] }
        let text = String(decoding: paste![..<count], as: UTF8.self)
        paste!.removeFirst(count)
        return [.paste(text)]
    }

    /// The last position at or before `limit` that doesn't split a UTF-8 character.
    private static func utf8Boundary(in bytes: [UInt8], atOrBefore limit: Int) -> Int {
        var index = min(limit, bytes.count)
        var steps = 0
        while index > 0, index < bytes.count, bytes[index] & 0xC0 == 0x80, steps < 3 {
            index -= 1
            steps += 1
        }
        return index == 0 ? min(limit, bytes.count) : index
    }

    /// Decodes all of `bytes` at once, flushing at the end: for tests and pasted input.
    public static func keys<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    /// The first key in `bytes` and how many bytes it used; `nil` when more bytes are needed
    /// (never when `final`). A `nil` key with a length skips bytes that mean nothing.
    static func decodeFirst(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B:
            return decodeEscape(bytes, final: final)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x00:
            return (.ctrl(" "), 1)
        case 0x01...0x1A:
            return (.ctrl(Character(Unicode.Scalar(first - 1 + 0x61))), 1)
        case 0x1C...0x1F:
            return (nil, 1)
        case 0x20...0x7E:
            return (.character(Character(Unicode.Scalar(first))), 1)
        default:
            return decodeUTF8(bytes, final: final)
        }
    }

    private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> (Key?, Int)? {
        let first = bytes[0]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)  // a continuation byte or invalid lead byte: skip it
        }
        guard bytes.count >= length else { return final ? (nil, bytes.count) : nil }
        let sequence = bytes[0..<length]
        guard sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
        let text = String(decoding: sequence, as: UTF8.self)
        guard let character = text.first, character != "\u{FFFD}" else { return (nil, length) }
        return (.character(character), length)
    }

    private static func decodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> (Key?, Int)? {
        guard bytes.count >= 2 else { return final ? (.escape, 1) : nil }
        switch bytes[1] {
        case UInt8(ascii: "["):
            return decodeCSI(bytes, final: final)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return final ? (.alt("O"), 2) : nil }
            let key: Key? =
                switch bytes[2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "c"): .wordRight  // rxvt's Ctrl-→
                case UInt8(ascii: "d"): .wordLeft  // rxvt's Ctrl-←
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                case UInt8(ascii: "M"): .enter
                case UInt8(ascii: "P"): .function(1)
                case UInt8(ascii: "Q"): .function(2)
                case UInt8(ascii: "R"): .function(3)
                case UInt8(ascii: "S"): .function(4)
                default: nil
                }
            return (key, 3)
        case 0x1B:
            // Esc Esc [D and Esc Esc [C: Alt-← and Alt-→ where Alt sends Esc before the arrow.
            // Until the sequence after the second Esc is complete, wait: deciding early would make
            // the keys depend on how read(2) split the bytes.
            guard bytes.count >= 3 else { return final ? (.escape, 1) : nil }
            if bytes[2] == UInt8(ascii: "[") {
                let afterFirst = UnsafeBufferPointer(rebasing: bytes[1...])
                guard let (arrow, length) = decodeCSI(afterFirst, final: final) else { return nil }
                if arrow == .left || arrow == .right {
                    return (arrow == .left ? .wordLeft : .wordRight, 1 + length)
                }
            }
            // Otherwise the first Esc stands alone.
            return (.escape, 1)
        case 0x20...0x7E:
            return (.alt(Character(Unicode.Scalar(bytes[1]))), 2)
        case 0x7F:
            return (.backspace, 2)
        default:
            return (.escape, 1)
        }
    }

    /// The most parameter and intermediate bytes a sequence may have; no key sends nearly as many.
    /// Past it, the bytes are not a sequence, so a stream of them can't be held back forever and
    /// rescanned on every read.
    static let maximumCSIParameterLength = 64

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), then one final byte (0x40–0x7E).
    private static func decodeCSI(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> (Key?, Int)? {
        var index = 2
        let end = min(bytes.count, 2 + maximumCSIParameterLength + 1)
        while index < end, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        if index == 2 + maximumCSIParameterLength + 1 { return (.alt("["), 2) }
        guard index < bytes.count else {
            // Unfinished: wait for more, or give up and report Alt-[ .
            return final ? (.alt("["), 2) : nil
        }
        let finalByte = bytes[index]
        let length = index + 1
        guard (0x40...0x7E).contains(finalByte) else { return (.escape, 1) }
        let parameterText = String(decoding: bytes[2..<index], as: UTF8.self)
        let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let firstParameter = parameters.first.flatMap { $0 }
        let key: Key? =
            switch finalByte {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): movesByWord(parameters) ? .wordRight : .right
            case UInt8(ascii: "D"): movesByWord(parameters) ? .wordLeft : .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "Z"): .backTab
            case UInt8(ascii: "P"): .function(1)
            case UInt8(ascii: "Q"): .function(2)
            case UInt8(ascii: "R"): .function(3)
            case UInt8(ascii: "S"): .function(4)
            case UInt8(ascii: "~"): tildeKey(firstParameter)
            default: nil
            }
        return (key, length)
    }

    /// Whether an arrow's parameters (`1;5`) say Ctrl, Alt or Meta was held: xterm sends the
    /// modifiers as 1 + a bit mask (Shift 1, Alt 2, Ctrl 4, Meta 8) in the second parameter.
    private static func movesByWord(_ parameters: [Int?]) -> Bool {
        guard parameters.count >= 2, let modifiers = parameters[1], modifiers > 1 else { return false }
        return (modifiers - 1) & 0b1110 != 0
    }

    private static func tildeKey(_ code: Int?) -> Key? {
        switch code {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11: .function(1)
        case 12: .function(2)
        case 13: .function(3)
        case 14: .function(4)
        case 15: .function(5)
        case 17: .function(6)
        case 18: .function(7)
        case 19: .function(8)
        case 20: .function(9)
        case 21: .function(10)
        case 23: .function(11)
        case 24: .function(12)
        default: nil
        }
    }
}
