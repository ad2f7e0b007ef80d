import Foundation

/// A small value to persist.
struct Settings: Codable, Equatable, Sendable {
    var category: String
    var bestScores: [Int]
    var lastPlayed: Date?
}

/// A value whose encoding always fails, to test that a bad write changes nothing.
struct Unencodable: Codable, Sendable {
    struct Refused: Error {}

    var name: String

    init(name: String) { self.name = name }
    init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }
    func encode(to encoder: any Encoder) throws { throw Refused() }
}

extension Data {
    /// The data as UTF-8 text, for readable expectations.
    var text: String { String(decoding: self, as: UTF8.self) }
}
