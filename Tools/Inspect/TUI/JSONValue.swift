import Foundation

/// A JSON value as the inspector protocol carries states and payloads: decoded once, drawn as a
/// tree or as one compact line.
indirect enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    /// A number, as its JSON text (`3`, `2.5`), so integers stay integers.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? value.decode(Int64.self) {
            self = .number(String(integer))
        } else if let double = try? value.decode(Double.self) {
            self = .number(String(double))
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    /// The value on one line, as JSON with its object keys sorted.
    var compact: String {
        switch self {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .number(let text): text
        case .string(let text): Self.quoted(text)
        case .array(let elements): "[" + elements.map(\.compact).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.compact }.joined(
                    separator: ",")
                + "}"
        }
    }

    /// `text` in double quotes, with quotes and backslashes escaped. (Control characters are
    /// made visible when the text is drawn.)
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
