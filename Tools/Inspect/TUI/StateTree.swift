import ReSwiftPersistence

/// A JSON state as an outline: one row per value shown, containers expanded or collapsed by path.
enum StateTree {
    /// One row of the outline.
    struct Row: Equatable {
        /// Where the value is: `""` for the root, then `list.items[0].title`.
        var path: String
        var depth: Int
        /// `key: value` for a leaf, `key {3}` or `key [2]` for a container.
        var text: String
        /// For a container: whether it is expanded. `nil` for a leaf.
        var container: Bool?
    }

    /// The rows of `value`, descending only into expanded containers; object keys sorted.
    static func rows(of value: JSONValue, rootName: String, expanded: Set<String>) -> [Row] {
        var rows: [Row] = []
        append(value, name: rootName, path: "", depth: 0, expanded: expanded, to: &rows)
        return rows
    }

    private static func append(
        _ value: JSONValue, name: String, path: String, depth: Int, expanded: Set<String>,
        to rows: inout [Row]
    ) {
        switch value {
        case .object(let members):
            let isExpanded = expanded.contains(path)
            rows.append(
                Row(path: path, depth: depth, text: "\(name) {\(members.count)}", container: isExpanded))
            guard isExpanded else { return }
            for key in members.keys.sorted() {
                let child = path.isEmpty ? key : path + "." + key
                append(members[key]!, name: key, path: child, depth: depth + 1, expanded: expanded, to: &rows)
            }
        case .array(let elements):
            let isExpanded = expanded.contains(path)
            rows.append(
                Row(path: path, depth: depth, text: "\(name) [\(elements.count)]", container: isExpanded))
            guard isExpanded else { return }
            for (index, element) in elements.enumerated() {
                append(
                    element, name: "[\(index)]", path: path + "[\(index)]", depth: depth + 1,
                    expanded: expanded,
                    to: &rows)
            }
        default:
            rows.append(Row(path: path, depth: depth, text: "\(name): \(value.compact)", container: nil))
        }
    }

    /// The path of the container holding `path`: `a.b[2]` → `a.b`, `a` → `""`; `nil` for the root.
    static func parent(of path: String) -> String? {
        guard !path.isEmpty else { return nil }
        if path.hasSuffix("]"), let bracket = path.lastIndex(of: "[") {
            return String(path[..<bracket])
        }
        guard let dot = path.lastIndex(of: ".") else { return "" }
        return String(path[..<dot])
    }
}
