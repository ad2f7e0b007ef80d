/// Renders any value on one line, readably: `Todo(title: "a", tags: ["x"])`, `.playing(score: 3)`.
struct ValueRenderer {
    /// The objects being rendered on the current path, so that a reference cycle ends in `…`.
    private var objectsInProgress: Set<ObjectIdentifier> = []

    mutating func render(_ value: Any) -> String {
        render(shape: Shape(of: value))
    }

    mutating func render(shape: Shape) -> String {
        switch shape {
        case .leaf(let text):
            return text
        case .optional(let wrapped):
            guard let wrapped else { return "nil" }
            return render(wrapped)
        case .record(let typeName, let fields):
            return (typeName ?? "") + "(" + renderFields(fields) + ")"
        case .object(let typeName, let identity, let fields):
            guard objectsInProgress.insert(identity).inserted else { return typeName + "(…)" }
            defer { objectsInProgress.remove(identity) }
            return typeName + "(" + renderFields(fields) + ")"
        case .enumCase(_, let name, let payload, let description):
            if let description { return description }
            return payload.isEmpty ? "." + name : "." + name + "(" + renderFields(payload) + ")"
        case .sequence(let elements):
            return "[" + elements.map { render($0) }.joined(separator: ", ") + "]"
        case .dictionary(let entries):
            if entries.isEmpty { return "[:]" }
            let rendered = entries.map { (key: render($0.key), value: render($0.value), original: $0.key) }
            let sorted = rendered.sorted { KeyOrder.precedes($0.original, $0.key, $1.original, $1.key) }
            return "[" + sorted.map { $0.key + ": " + $0.value }.joined(separator: ", ") + "]"
        case .set(let elements):
            let rendered = elements.map { (text: render($0), original: $0) }
            let sorted = rendered.sorted { KeyOrder.precedes($0.original, $0.text, $1.original, $1.text) }
            return "Set([" + sorted.map(\.text).joined(separator: ", ") + "])"
        }
    }

    private mutating func renderFields(_ fields: [Shape.Field]) -> String {
        fields.map { field in
            let text = render(field.value)
            guard let label = field.label else { return text }
            return label + ": " + text
        }
        .joined(separator: ", ")
    }
}

/// A stable order for dictionary keys and set elements: by value when they are comparable and of
/// the same type (so `2` comes before `10`), by rendered text otherwise.
enum KeyOrder {
    static func precedes(_ lhs: Any, _ lhsText: String, _ rhs: Any, _ rhsText: String) -> Bool {
        if let comparable = lhs as? any Comparable, let result = lessThan(comparable, rhs) {
            return result
        }
        return lhsText < rhsText
    }

    private static func lessThan<Value: Comparable>(_ lhs: Value, _ rhs: Any) -> Bool? {
        guard let rhs = rhs as? Value else { return nil }
        return lhs < rhs
    }
}
