import Foundation
import ReSwiftPersistence

/// Calil's answers, read field by field whatever types the service chose for each field: lenient
/// readings of ReSwiftPersistence's `JSONValue` (which ``parse(_:maximumDepth:deadline:)`` reads).
extension JSONValue {
    /// The value as text: strings as they are (trimmed), numbers without a needless `.0`,
    /// booleans as `true`/`false`; `nil` for null, empty strings, arrays and objects.
    package var text: String? {
        switch self {
        case .string(let value):
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .integer(let value):
            return String(value)
        case .double(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .bool(let value):
            return String(value)
        case .null, .array, .object:
            return nil
        }
    }

    /// The value as a number: numbers, and strings that hold one.
    package var number: Double? {
        switch self {
        case .integer, .double: doubleValue
        case .string(let value): Double(value.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// The value as a flag: booleans, `0`/`1`, and the strings `true`/`false`/`1`/`0`.
    package var flag: Bool? {
        switch self {
        case .bool(let value): value
        case .integer(let value): value != 0
        case .double(let value): value != 0
        case .string(let value):
            switch value.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1", "yes": true
            case "false", "0", "no": false
            default: nil
            }
        default: nil
        }
    }
}
