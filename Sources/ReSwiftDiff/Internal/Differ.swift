/// Walks two values side by side and collects where they differ.
struct Differ {
    private(set) var differences: [StateDifference] = []
    private var renderer = ValueRenderer()
    /// The objects on the current path of the earlier value, so that a reference cycle is not
    /// followed forever.
    private var objectsInProgress: Set<ObjectIdentifier> = []

    mutating func compare(_ before: Any, _ after: Any, at path: String) {
        compare(Shape(of: before), Shape(of: after), at: path)
    }

    private mutating func compare(_ before: Shape, _ after: Shape, at path: String) {
        switch (before, after) {
        case (.optional(let before), .optional(let after)):
            compareOptionals(before, after, at: path)

        case (.record(let beforeType, let beforeFields), .record(let afterType, let afterFields))
        where beforeType == afterType && Differ.sameLayout(beforeFields, afterFields):
            compareFields(beforeFields, afterFields, at: path)

        case (
            .object(let beforeType, let beforeIdentity, let beforeFields),
            .object(let afterType, let afterIdentity, let afterFields)
        ) where beforeType == afterType && Differ.sameLayout(beforeFields, afterFields):
            // The same object is the same value; an object already being compared on this path
            // is a cycle, compared where it was first met.
            guard beforeIdentity != afterIdentity,
                objectsInProgress.insert(beforeIdentity).inserted
            else { return }
            defer { objectsInProgress.remove(beforeIdentity) }
            compareFields(beforeFields, afterFields, at: path)

        case (
            .enumCase(let beforeType, let beforeName, let beforePayload, let beforeDescription),
            .enumCase(let afterType, let afterName, let afterPayload, let afterDescription)
        )
        where beforeType == afterType && beforeName == afterName && beforeDescription == afterDescription
            && Differ.sameLayout(beforePayload, afterPayload):
            let casePath = Differ.join(path, beforeName)
            if beforePayload.count == 1, beforePayload[0].label == nil {
                // A single unnamed associated value reads as the case itself: `phase.playing.score`.
                compare(beforePayload[0].value, afterPayload[0].value, at: casePath)
            } else {
                compareFields(beforePayload, afterPayload, at: casePath)
            }

        case (.sequence(let before), .sequence(let after)):
            compareSequences(before, after, at: path)

        case (.dictionary(let before), .dictionary(let after)):
            compareDictionaries(before, after, at: path)

        case (.set(let before), .set(let after)):
            compareSets(before, after, at: path)

        default:
            // Leaves, or values of different kinds, types or enum cases: compare as a whole.
            let beforeText = renderer.render(shape: before)
            let afterText = renderer.render(shape: after)
            if beforeText != afterText {
                differences.append(StateDifference(path: path, before: beforeText, after: afterText))
            }
        }
    }

    private mutating func compareOptionals(_ before: Any?, _ after: Any?, at path: String) {
        switch (before, after) {
        case (nil, nil):
            return
        case (let before?, let after?):
            compare(before, after, at: path)
        default:
            let beforeText = before.map { renderer.render($0) } ?? "nil"
            let afterText = after.map { renderer.render($0) } ?? "nil"
            differences.append(StateDifference(path: path, before: beforeText, after: afterText))
        }
    }

    private mutating func compareFields(_ before: [Shape.Field], _ after: [Shape.Field], at path: String) {
        for (beforeField, afterField) in zip(before, after) {
            let name = beforeField.label ?? String(beforeField.index)
            compare(beforeField.value, afterField.value, at: Differ.join(path, name))
        }
    }

    private mutating func compareSequences(_ before: [Any], _ after: [Any], at path: String) {
        let common = min(before.count, after.count)
        for index in 0..<common {
            compare(before[index], after[index], at: path + "[\(index)]")
        }
        for index in common..<before.count {
            differences.append(
                StateDifference(path: path + "[\(index)]", before: renderer.render(before[index]), after: nil)
            )
        }
        for index in common..<after.count {
            differences.append(
                StateDifference(path: path + "[\(index)]", before: nil, after: renderer.render(after[index]))
            )
        }
    }

    private mutating func compareDictionaries(
        _ before: [(key: Any, value: Any)],
        _ after: [(key: Any, value: Any)],
        at path: String
    ) {
        // Keys are matched by their rendered text, which is what the path shows.
        var beforeByKey: [String: (key: Any, value: Any)] = [:]
        for entry in before { beforeByKey[renderer.render(entry.key)] = entry }
        var afterByKey: [String: (key: Any, value: Any)] = [:]
        for entry in after { afterByKey[renderer.render(entry.key)] = entry }

        var keys: [(text: String, original: Any)] = beforeByKey.map { ($0.key, $0.value.key) }
        for (text, entry) in afterByKey where beforeByKey[text] == nil {
            keys.append((text, entry.key))
        }
        keys.sort { KeyOrder.precedes($0.original, $0.text, $1.original, $1.text) }

        for key in keys {
            let keyPath = path + "[" + key.text + "]"
            switch (beforeByKey[key.text], afterByKey[key.text]) {
            case (let before?, let after?):
                compare(before.value, after.value, at: keyPath)
            case (let before?, nil):
                differences.append(
                    StateDifference(path: keyPath, before: renderer.render(before.value), after: nil)
                )
            case (nil, let after?):
                differences.append(
                    StateDifference(path: keyPath, before: nil, after: renderer.render(after.value))
                )
            case (nil, nil):
                preconditionFailure("Internal inconsistency: a dictionary key from neither dictionary")
            }
        }
    }

    private mutating func compareSets(_ before: [Any], _ after: [Any], at path: String) {
        let beforeElements = before.map { (text: renderer.render($0), original: $0) }
        let afterElements = after.map { (text: renderer.render($0), original: $0) }
        let beforeTexts = Set(beforeElements.map(\.text))
        let afterTexts = Set(afterElements.map(\.text))

        let removed = beforeElements.filter { !afterTexts.contains($0.text) }
        let added = afterElements.filter { !beforeTexts.contains($0.text) }
        let ordered = (removed.map { ($0, true) } + added.map { ($0, false) }).sorted {
            KeyOrder.precedes($0.0.original, $0.0.text, $1.0.original, $1.0.text)
        }
        for (element, isRemoved) in ordered {
            differences.append(
                StateDifference(
                    path: path,
                    before: isRemoved ? element.text : nil,
                    after: isRemoved ? nil : element.text
                )
            )
        }
    }

    private static func sameLayout(_ before: [Shape.Field], _ after: [Shape.Field]) -> Bool {
        before.count == after.count && zip(before, after).allSatisfy { $0.label == $1.label }
    }

    static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }
}
