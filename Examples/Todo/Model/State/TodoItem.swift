import Foundation

/// One entry of the todo list.
///
/// Items are identified by an `id` the list hands out in order; the numbers users type
/// (`todo done 2`) are positions in ``TodoState/items`` (see ``TodoState/item(number:)``) and are
/// resolved to ids before an action is dispatched, so an action always names the item it means
/// even if the list changed.
public struct TodoItem: Codable, Equatable, Hashable, Sendable, Identifiable {
    /// A stable identifier, unique within one list.
    public var id: Int
    /// The text shown for the item; never empty and always a single line.
    public var title: String
    /// Whether the item has been done.
    public var isDone: Bool

    /// Creates an item.
    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// Title rules shared by the reducer and the command parser.
package enum TodoTitle {
    /// The longest title, in characters: a title is a line on a list, and a 5,000-character one
    /// was a paste gone wrong, not a todo.
    package static let maximumLength = 500

    /// Why `title` (normalized) can't be a title, in a sentence; `nil` when it can.
    package static func problem(with title: String) -> String? {
        // Counting stops past the limit: a megabyte pasted into the field costs no more than that.
        var count = 0
        for _ in title {
            count += 1
            if count > maximumLength { break }
        }
        guard count > maximumLength else { return nil }
        return "a title can be at most \(maximumLength) characters, and this one has \(title.count)"
    }

    /// The title as it is stored: line breaks and tabs become spaces, runs of spaces collapse,
    /// and surrounding whitespace is removed. An empty result means the title is not usable.
    package static func normalized(_ raw: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in raw {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace {
                    result.append(" ")
                    pendingSpace = false
                }
                result.append(character)
            }
        }
        return result
    }

    /// The form two titles are compared in to find duplicates: normalized, then folded so that
    /// case and width don't count ("Call mom", "call mom" and full-width "Ｃａｌｌ ｍｏｍ" are one
    /// title; so are half-width and full-width katakana).
    ///
    /// - Complexity: O(*n*) in the title's length; an ASCII title (no width to fold) is only
    ///   lowercased, several times faster than Foundation's folding, which matters when a list of
    ///   thousands of items is searched on every add.
    static func matchingKey(_ raw: String) -> String {
        let title = normalized(raw)
        if title.utf8.allSatisfy({ $0 < 0x80 }) { return title.lowercased() }
        return title.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}
