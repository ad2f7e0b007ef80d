import Foundation

/// How a value is laid out, as far as diffing and rendering are concerned.
enum Shape {
    /// A value without visible structure, compared by its rendered text.
    case leaf(String)
    /// An optional: `nil`, or its wrapped value.
    case optional(Any?)
    /// A struct or tuple: its type name (`nil` for tuples) and its stored properties in order.
    case record(typeName: String?, fields: [Field])
    /// A class instance: like a record, plus its identity (to detect cycles).
    case object(typeName: String, identity: ObjectIdentifier, fields: [Field])
    /// An enum case and its associated values (empty when it has none). `description` is set
    /// for a payload-less case of a type with its own description, which is shown instead.
    case enumCase(typeName: String, name: String, payload: [Field], description: String?)
    /// An array or other ordered collection.
    case sequence([Any])
    /// A dictionary's entries, in no particular order.
    case dictionary([(key: Any, value: Any)])
    /// A set's elements, in no particular order.
    case set([Any])

    /// One stored property, tuple element or associated value.
    struct Field {
        /// The property's name; `nil` for an unlabeled tuple element or associated value.
        var label: String?
        /// The position among its siblings, used when there is no label.
        var index: Int
        var value: Any
    }

    /// Classifies a value by reflection.
    init(of value: Any) {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            self = .optional(mirror.children.first?.value)
            return
        }
        if let leaf = Shape.leafText(value, mirror: mirror) {
            self = .leaf(leaf)
            return
        }
        switch mirror.displayStyle {
        case .struct:
            self = .record(typeName: Shape.typeName(mirror.subjectType), fields: Shape.fields(mirror))
        case .tuple:
            self = .record(typeName: nil, fields: Shape.fields(mirror))
        case .class:
            self = .object(
                typeName: Shape.typeName(mirror.subjectType),
                identity: ObjectIdentifier(value as AnyObject),
                fields: Shape.classFields(mirror)
            )
        case .enum:
            self = Shape.enumShape(value, mirror: mirror)
        case .collection:
            self = .sequence(mirror.children.map(\.value))
        case .dictionary:
            self = .dictionary(
                mirror.children.map { entry in
                    let pair = Array(Mirror(reflecting: entry.value).children)
                    return (key: pair[0].value, value: pair[1].value)
                }
            )
        case .set:
            self = .set(mirror.children.map(\.value))
        default:
            self = .leaf(String(describing: value))
        }
    }

    /// The readable name of a type, without its module: `Todo`, `Box<Int>`.
    static func typeName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    /// The text of a value that is best shown as a whole, or `nil` if it has structure to show.
    private static func leafText(_ value: Any, mirror: Mirror) -> String? {
        switch value {
        case let string as String: return String(reflecting: string)
        case let substring as Substring: return String(reflecting: String(substring))
        case let character as Character: return String(reflecting: character)
        case let date as Date: return date.description
        case let url as URL: return url.absoluteString
        case let uuid as UUID: return uuid.uuidString
        case let data as Data: return "Data(\(data.count) bytes)"
        case let decimal as Decimal: return decimal.description
        default: break
        }
        guard let style = mirror.displayStyle else {
            // Numbers, booleans, ranges, and types that reflect as a plain value.
            return String(describing: value)
        }
        switch style {
        case .struct, .class:
            // A type that hides its storage (`_low`, `_storage`) but describes itself, like
            // `Duration`, reads better as its description.
            let hidesStorage = mirror.children.allSatisfy { $0.label?.hasPrefix("_") ?? false }
            if hidesStorage && mirror.superclassMirror == nil,
                let describable = value as? any CustomStringConvertible
            {
                return describable.description
            }
            return nil
        default:
            return nil
        }
    }

    private static func fields(_ mirror: Mirror) -> [Field] {
        mirror.children.enumerated().map { index, child in
            Field(label: fieldLabel(child.label), index: index, value: child.value)
        }
    }

    private static func classFields(_ mirror: Mirror) -> [Field] {
        var all: [Field] = []
        if let superclass = mirror.superclassMirror, superclass.displayStyle == .class {
            all = classFields(superclass)
        }
        for child in mirror.children {
            all.append(Field(label: fieldLabel(child.label), index: all.count, value: child.value))
        }
        return all
    }

    /// Tuple elements without a name reflect as `.0`, `.1`; those get no label.
    private static func fieldLabel(_ label: String?) -> String? {
        guard let label, !label.hasPrefix(".") else { return nil }
        return label
    }

    private static func enumShape(_ value: Any, mirror: Mirror) -> Shape {
        let typeName = typeName(mirror.subjectType)
        guard let payloadChild = mirror.children.first else {
            // A case without associated values reflects with no children; its name is what
            // `String(describing:)` prints unless the type describes itself.
            let text = String(describing: value)
            let describesItself =
                value is any CustomStringConvertible || value is any CustomDebugStringConvertible
            return .enumCase(
                typeName: typeName,
                name: text,
                payload: [],
                description: describesItself ? text : nil
            )
        }
        let name = payloadChild.label ?? "some"
        let payloadMirror = Mirror(reflecting: payloadChild.value)
        let payload: [Field]
        if payloadMirror.displayStyle == .tuple {
            payload = fields(payloadMirror)
        } else {
            payload = [Field(label: nil, index: 0, value: payloadChild.value)]
        }
        return .enumCase(typeName: typeName, name: name, payload: payload, description: nil)
    }
}
