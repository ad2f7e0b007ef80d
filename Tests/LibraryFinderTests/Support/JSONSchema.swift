import Foundation
import ReSwiftPersistence
import Testing

@testable import LibraryFinderModel
@testable import LibraryFinderTerminal

/// The part of JSON Schema the app's documented formats use: `type` (one or several), `enum`,
/// `properties`, `required`, `additionalProperties: false` and `items`.
struct JSONSchema {
    let schema: JSONValue

    /// The first ```json block after `heading` in a DocC article of the repository.
    init(article relativePath: String, after heading: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
        let afterHeading = try #require(
            text.range(of: "\n" + heading + "\n"), "no \(heading) in \(relativePath)")
        let rest = text[afterHeading.upperBound...]
        let open = try #require(rest.range(of: "```json\n"), "no json block after \(heading)")
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        schema = try JSONValue.parse(Data(rest[open.upperBound..<close.lowerBound].utf8), maximumDepth: 64)
    }

    /// Every way `document` breaks the schema, each with its path (`books[0].systems[1].name`).
    func violations(of document: String) throws -> [String] {
        let value = try JSONValue.parse(Data(document.utf8), maximumDepth: 64)
        var found: [String] = []
        Self.check(value, against: schema, at: "$", into: &found)
        return found
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    private static func check(
        _ value: JSONValue, against schema: JSONValue, at path: String, into found: inout [String]
    ) {
        guard case .object(let rules) = schema else {
            found.append("\(path): the schema here is not an object")
            return
        }
        switch rules["type"] {
        case .string(let type)?:
            if typeName(value) != type { found.append("\(path): \(typeName(value)), expected \(type)") }
        case .array(let types)?:
            if !types.contains(.string(typeName(value))) {
                found.append("\(path): \(typeName(value)), expected one of \(types.compactMap(\.text))")
            }
        default: break
        }
        if case .array(let allowed)? = rules["enum"], !allowed.contains(value) {
            found.append("\(path): \(value) is not one of the values allowed")
        }
        if case .object(let members) = value {
            let properties: [String: JSONValue]
            if case .object(let declared)? = rules["properties"] {
                properties = declared
            } else {
                properties = [:]
            }
            if case .array(let required)? = rules["required"] {
                for case .string(let key) in required where members[key] == nil {
                    found.append("\(path): the key \"\(key)\" is missing")
                }
            }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let rule = properties[key] {
                    check(member, against: rule, at: "\(path).\(key)", into: &found)
                } else if rules["additionalProperties"] == .bool(false) {
                    found.append("\(path): the key \"\(key)\" is not in the schema")
                }
            }
        }
        if case .array(let elements) = value, let items = rules["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", into: &found)
            }
        }
    }
}
