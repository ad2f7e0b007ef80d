import ArgumentParsing
import Foundation

/// A book's number, ISBN-10 or ISBN-13, held as its ISBN-13 so that both forms of one book are
/// the same value.
package struct ISBN: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 13 digits, without hyphens (an ISBN-10 gets the `978` prefix and a new check digit).
    package let digits: String
    /// The text as the user typed it (trimmed), for messages and output.
    package let typed: String

    /// Why a text is not an ISBN.
    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// Empty, or only hyphens and spaces.
        case empty
        /// A character that is neither a digit, a hyphen, a space nor a final `X` of an ISBN-10.
        case badCharacter(Character)
        /// `X` somewhere other than the last place of an ISBN-10.
        case misplacedX
        /// Not 10 or 13 digits.
        case wrongLength(Int)
        /// An ISBN-13 that starts with neither 978 nor 979.
        case wrongPrefix(String)
        /// The check digit doesn't match the others.
        case checkDigit(found: Character, expected: Character)

        package var description: String {
            switch self {
            case .empty: "it has no digits"
            case .badCharacter(let character):
                "it contains \(Quoting.quoted(String(character))); an ISBN has only digits, hyphens and a final X"
            case .misplacedX: "X may only be the last character of an ISBN-10"
            case .wrongLength(let count):
                "it has \(count) digit\(count == 1 ? "" : "s"); an ISBN has 10 or 13"
            case .wrongPrefix(let prefix): "an ISBN-13 starts with 978 or 979, not \(prefix)"
            case .checkDigit(let found, let expected):
                "its check digit is \(found) but the other digits give \(expected) (a typing mistake?)"
            }
        }
    }

    /// Reads an ISBN-10 or ISBN-13, hyphens and spaces allowed, and checks its check digit.
    ///
    /// - Throws: ``Problem`` saying why `text` is not an ISBN.
    package init(_ text: String) throws(Problem) {
        let trimmed = String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
        var characters: [Character] = []
        for character in trimmed where character != "-" {
            if character.isASCII, character.isNumber || character == "X" || character == "x" {
                characters.append(character == "x" ? "X" : character)
            } else {
                throw .badCharacter(character)
            }
        }
        guard !characters.isEmpty else { throw .empty }
        if let x = characters.firstIndex(of: "X"), x != characters.count - 1 || characters.count != 10 {
            throw characters.count == 10 || characters.count == 13
                ? .misplacedX : .wrongLength(characters.count)
        }
        let values = characters.map { $0 == "X" ? 10 : Int(String($0))! }
        switch values.count {
        case 10:
            let expected = Self.check10(values.prefix(9))
            guard values[9] == expected else {
                throw .checkDigit(
                    found: characters[9], expected: expected == 10 ? "X" : Character(String(expected)))
            }
            let body = [9, 7, 8] + values.prefix(9)
            digits = (body + [Self.check13(body[...])]).map(String.init).joined()
        case 13:
            let prefix = String(characters.prefix(3))
            guard prefix == "978" || prefix == "979" else { throw .wrongPrefix(prefix) }
            let expected = Self.check13(values.prefix(12))
            guard values[12] == expected else {
                throw .checkDigit(found: characters[12], expected: Character(String(expected)))
            }
            digits = String(characters)
        default:
            throw .wrongLength(values.count)
        }
        typed = text.trimmingCharacters(in: .whitespaces)
    }

    /// Why `text` is not an ISBN, in the words of both the command line and the `b` prompt:
    /// `"978-4-10-109205-9" is not an ISBN: its check digit is 9 but …`.
    package static func message(for text: String, problem: Problem) -> String {
        "\(Quoting.quoted(text)) is not an ISBN: \(problem)"
    }

    /// The ISBN-10 of a `978` book, `nil` for a `979` one (which has none).
    package var isbn10: String? {
        guard digits.hasPrefix("978") else { return nil }
        let values = digits.dropFirst(3).prefix(9).map { Int(String($0))! }
        let check = Self.check10(values[...])
        return values.map(String.init).joined() + (check == 10 ? "X" : String(check))
    }

    package var description: String { digits }

    package static func < (lhs: ISBN, rhs: ISBN) -> Bool { lhs.digits < rhs.digits }

    package static func == (lhs: ISBN, rhs: ISBN) -> Bool { lhs.digits == rhs.digits }

    package func hash(into hasher: inout Hasher) { hasher.combine(digits) }

    /// The ISBN-10 check value (10 is written X) of nine digits.
    private static func check10(_ values: ArraySlice<Int>) -> Int {
        let sum = values.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
        return (11 - sum % 11) % 11
    }

    /// The ISBN-13 check digit of twelve digits.
    private static func check13(_ values: ArraySlice<Int>) -> Int {
        let sum = values.enumerated().reduce(0) { $0 + ($1.offset.isMultiple(of: 2) ? 1 : 3) * $1.element }
        return (10 - sum % 10) % 10
    }
}
