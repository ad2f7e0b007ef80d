import LibraryFinderModel
import TerminalUI

/// What a key press asks for.
enum KeyCommand: Equatable, Sendable {
    /// Change the list (selection or filter).
    case list(LibraryListAction)
    /// Load the list again (only offered when nothing is loading).
    case reload
    /// Open, edit or close the ISBN prompt.
    case bookPrompt(BookPromptAction)
    /// Check the ISBN typed (Enter in the prompt).
    case checkBook(String)
    /// Stop the running book search (Esc while it runs).
    case stopBookSearch
    /// Leave the app.
    case quit
    /// Nothing.
    case ignore
}

/// Turns keys into what they ask for, given the state they were pressed in.
enum LibraryFinderKeys {
    /// The command for a key: while typing a filter, characters edit it; while the ISBN prompt is
    /// open, keys edit the ISBN, Enter checks it and Esc closes the prompt; otherwise arrows move,
    /// Page Up and Page Down move by `pageSize` (the list's visible height), `/` filters, `b` asks
    /// for a book (ignored while a search runs or nothing is listed), Esc stops a running search
    /// (else clears the filter), `r` reloads (ignored while loading), `q` and Ctrl-C quit.
    static func command(for key: Key, in state: LibraryFinderState, pageSize: Int) -> KeyCommand {
        if key.isInterrupt { return .quit }
        if let prompt = state.books.prompt {
            switch key {
            case .enter: return .checkBook(prompt.text)
            case .escape: return .bookPrompt(.close)
            default:
                let before = TextField(text: prompt.text, cursor: prompt.cursor)
                var field = before
                return field.handle(key) && field != before
                    ? .bookPrompt(.edit(text: field.text, cursor: field.cursor)) : .ignore
            }
        }
        if state.isEditingFilter {
            switch key {
            case .enter, .tab:
                return .list(.commitFilter)
            case .escape:
                return .list(.cancelFilter)
            default:
                // The text field's keys with the cursor at the end (the state keeps no cursor):
                // characters, Backspace, Ctrl-W, Ctrl-U. A key that changes no text (an arrow,
                // Home, End) keeps its meaning for the list.
                var field = TextField(text: state.filterText)
                if field.handle(key), field.text != state.filterText { return .list(.editFilter(field.text)) }
            }
        }
        switch key {
        case .up, .character("k"): return .list(.moveSelection(by: -1))
        case .down, .character("j"): return .list(.moveSelection(by: 1))
        case .pageUp: return .list(.moveSelection(by: -max(pageSize, 1)))
        case .pageDown: return .list(.moveSelection(by: max(pageSize, 1)))
        case .home, .character("g"): return .list(.selectFirst)
        case .end, .character("G"): return .list(.selectLast)
        case .character("/"): return .list(.beginFilter)
        case .character("b"), .character("B"): return canAskForABook(state) ? .bookPrompt(.open) : .ignore
        case .escape:
            if state.books.running != nil { return .stopBookSearch }
            return state.filterText.isEmpty ? .ignore : .list(.cancelFilter)
        // While the list loads, the list query sends nothing new (it fetches one request at a time).
        case .character("r"), .character("R"): return .reload
        case .character("q"), .character("Q"): return .quit
        default: return .ignore
        }
    }

    /// Whether `b` is offered: some library is listed and no search is running.
    static func canAskForABook(_ state: LibraryFinderState) -> Bool {
        state.books.running == nil && !state.visibleLibraries.isEmpty
    }
}
