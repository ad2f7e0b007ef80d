/// A JSON document as a value: what a ``Migration`` reads and rewrites.
///
/// Migrations work on the JSON of a stored value rather than on Swift types, so an app doesn't
/// have to keep every old version of its model around. Subscripts read and write object members
/// and array elements; reading a member that is missing gives `nil`, and assigning `nil` removes
/// it. Literals build values directly:
///
/// ```swift
/// var json: JSONValue = ["name": "Buy milk", "done": false]
/// json["title"] = json["name"]   // copy a member under a new key
/// json["name"] = nil             // remove the old key
/// json["priority"] = 1
/// ```
public enum JSONValue: Sendable, Hashable {
    /// The JSON `null` literal.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or exponent that fits in an `Int`.
    case integer(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object: members by key (JSON objects are unordered).
    case object([String: JSONValue])
}

extension JSONValue {
    /// The member named `key` of an object.
    ///
    /// Reading gives `nil` when this value isn't an object or has no such member. Writing sets or
    /// replaces the member; writing `nil` removes it. Writing to a value that isn't an object
    /// turns it into an object holding just that member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            var members: [String: JSONValue]
            if case .object(let existing) = self {
                members = existing
            } else {
                members = [:]
            }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index` of an array.
    ///
    /// Reading gives `nil` when this value isn't an array or the index is out of range. Writing
    /// replaces an existing element; writing out of range or to a value that isn't an array is a
    /// programming error.
    public subscript(index: Int) -> JSONValue? {
        get {
            guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
            return elements[index]
        }
        set {
            guard case .array(var elements) = self, elements.indices.contains(index) else {
                preconditionFailure(
                    "JSONValue: can't assign element \(index) of \(self); only existing array elements can be set"
                )
            }
            elements[index] = newValue ?? .null
            self = .array(elements)
        }
    }

    /// The string, if this value is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this value is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, if this value is a number with an exact `Int` value.
    public var intValue: Int? {
        switch self {
        case .integer(let value): return value
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The number as a `Double`, if this value is a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The elements, if this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// - Throws: `DecodingError` when the decoder holds something that isn't JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "The value is not null, a Boolean, number, string, array or object."
            )
        }
    }

    /// Encodes the value as the JSON it stands for.
    ///
    /// - Throws: `EncodingError` when the encoder rejects a value (a non-finite `Double`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates an integer value.
    public init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a floating-point value.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array value.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object value; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
