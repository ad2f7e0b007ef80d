import Foundation
import ReSwiftPersistence

/// The inspector protocol's states and payloads are ReSwiftPersistence's `JSONValue` (decoded
/// once), drawn as a tree (``StateTree``) or as one compact line.
extension JSONValue {
    /// The value on one line, as JSON with its object keys sorted.
    var compact: String {
        switch self {
        case .null: "null"
        case .bool(let bool): String(bool)
        case .integer(let integer): String(integer)
        case .double(let double): String(double)
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
}
