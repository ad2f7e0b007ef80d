import Foundation

@testable import LibraryFinderModel

/// Every piece of an app key, in every form a server could echo it, to search output for.
///
/// A piece is any run of ``length`` consecutive characters of the key; each piece is looked for
/// as itself, percent-escaped (hex digits upper or lower case, only reserved bytes or every byte),
/// with `+` for a space, and JSON-escaped (with and without `\/`).
struct KeyPieces {
    /// The characters in a piece: the shortest the app hides, so that tests check at the bound.
    static let length = AppKeyRedaction.shortestPiece

    let forms: Set<String>

    init(key: String) {
        let characters = Array(key)
        var pieces: Set<String> = []
        for start in 0...(max(characters.count - Self.length, 0)) {
            pieces.insert(String(characters[start..<min(start + Self.length, characters.count)]))
        }
        var unreserved = CharacterSet.alphanumerics
        unreserved.insert(charactersIn: "-._~")
        var forms: Set<String> = []
        for piece in pieces {
            var escaped = [piece]
            escaped += [unreserved, CharacterSet()].compactMap {
                piece.addingPercentEncoding(withAllowedCharacters: $0)
            }
            escaped += escaped.map { $0.replacingOccurrences(of: "%20", with: "+") }
            escaped += escaped.map(Self.lowercasingHex)
            let json = escaped.flatMap(Self.jsonForms)
            forms.formUnion(escaped + json)
        }
        self.forms = forms
    }

    /// The forms found in `text`, sorted; empty when no piece of the key is there.
    func found(in text: String) -> [String] {
        forms.filter { text.contains($0) }.sorted()
    }

    /// `%2B` → `%2b`.
    private static func lowercasingHex(_ text: String) -> String {
        var result = ""
        var remaining = 0
        for character in text {
            if character == "%" {
                remaining = 2
                result.append(character)
            } else if remaining > 0 {
                remaining -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The text as inside a JSON string, with `/` escaped and not.
    private static func jsonForms(_ text: String) -> [String] {
        let encoder = JSONEncoder()
        guard let data = try? encoder.encode(text) else { return [] }
        let escaped = String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        return [escaped, escaped.replacingOccurrences(of: #"\/"#, with: "/")]
    }
}
