import Foundation
import ReSwiftPersistence

extension JSONValue {
    /// Why a text isn't JSON, and where.
    package struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What was wrong.
        package var problem: String
        /// The byte offset it was found at.
        package var offset: Int

        package var description: String { "\(problem) at byte \(offset)" }
    }

    /// Reads a JSON text in one pass, in time linear in its size.
    ///
    /// The same values as decoding ReSwiftPersistence's `JSONValue` with `JSONDecoder`, without
    /// its cost: that decoder tries each type in turn for every value, and each failed try throws,
    /// so 100,000 libraries (24 MB) took half a minute. A number without a fraction or exponent
    /// that fits in an `Int` is an `.integer`, any other a `.double` (a number too large for one
    /// is infinite); a lone UTF-16 surrogate in a `\u` escape reads as U+FFFD; for a key given
    /// twice, the last value wins.
    ///
    /// - Parameters:
    ///   - data: The JSON text, UTF-8.
    ///   - maximumDepth: How deeply arrays and objects may nest.
    ///   - deadline: Looked at every few thousand values and every megabyte of a string; `nil`
    ///     for none.
    /// - Returns: The value.
    /// - Throws: ``ParseError`` when the text isn't JSON or nests too deeply; the deadline's
    ///   error once it has passed.
    package static func parse(_ data: Data, maximumDepth: Int, deadline: AnswerDeadline? = nil) throws
        -> JSONValue
    {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw, maximumDepth: maximumDepth, deadline: deadline)
            let value = try parser.document()
            return value
        }
    }
}

/// A recursive-descent JSON reader over the bytes of one text (see ``JSONValue/parse(_:maximumDepth:deadline:)``).
private struct JSONParser {
    package let bytes: UnsafeRawBufferPointer
    package let maximumDepth: Int
    package let deadline: AnswerDeadline?
    package var index = 0
    package var depth = 0
    /// Values read since the deadline was last looked at.
    package var sinceCheck = 0

    package init(bytes: UnsafeRawBufferPointer, maximumDepth: Int, deadline: AnswerDeadline?) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.deadline = deadline
    }

    package mutating func document() throws -> JSONValue {
        let result = try value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("text after the JSON value") }
        return result
    }

    private mutating func value() throws -> JSONValue {
        sinceCheck += 1
        if sinceCheck == 4096 {
            sinceCheck = 0
            try deadline?.check()
        }
        skipWhitespace()
        guard index < bytes.count else { throw failure("the text ended where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("an unexpected character")
        }
    }

    private mutating func object() throws -> JSONValue {
        try enter()
        index += 1
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) {
            depth -= 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("an object key that isn't a string")
            }
            let key = try string()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("a missing ':' after an object key") }
            fields[key] = try value()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { throw failure("a missing ',' or '}' in an object") }
            depth -= 1
            return .object(fields)
        }
    }

    private mutating func array() throws -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) {
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { throw failure("a missing ',' or ']' in an array") }
            depth -= 1
            return .array(elements)
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= maximumDepth else {
            throw failure("JSON nested more than \(maximumDepth) levels deep")
        }
    }

    /// A string, from its opening quote to past its closing one.
    private mutating func string() throws -> String {
        index += 1
        var start = index
        // The string so far, once it has had an escape.
        var unescaped: [UInt8] = []
        var hasEscape = false
        var scanned = 0
        while true {
            guard index < bytes.count else { throw failure("a string that never ends") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            scanned += 1
            if scanned == 1 << 20 {
                scanned = 0
                try deadline?.check()
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            hasEscape = true
            unescaped.append(contentsOf: bytes[start..<index])
            index += 1
            guard index < bytes.count else { throw failure("a string that never ends") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"): unescaped.append(contentsOf: String(try unicodeEscape()).utf8)
            default: throw failure("an unknown escape in a string")
            }
            start = index
        }
        let tail = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        index += 1
        guard hasEscape else { return String(decoding: tail, as: UTF8.self) }
        unescaped.append(contentsOf: tail)
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// The character of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
    private mutating func unicodeEscape() throws -> Character {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let second = try hexQuad()
            if (0xDC00..<0xE000).contains(second) {
                let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            }
            index = save
        }
        return Character(Unicode.Scalar(first) ?? "\u{FFFD}")
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape that isn't four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number, checked against JSON's grammar: an `Int` when it has no fraction or exponent and
    /// fits in one, else a `Double`.
    private mutating func number() throws -> JSONValue {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // No leading zeros.
        } else if digits() == 0 {
            throw failure("a number without digits")
        }
        var isInteger = true
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            if digits() == 0 { throw failure("a number without digits after '.'") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            isInteger = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            if digits() == 0 { throw failure("a number without digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let value = Double(text) else { throw failure("a number that can't be read") }
        return .double(value)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index - start
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) })
        else { throw failure("an unexpected word") }
        index += count
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func failure(_ problem: String) -> JSONValue.ParseError {
        JSONValue.ParseError(problem: problem, offset: index)
    }
}
