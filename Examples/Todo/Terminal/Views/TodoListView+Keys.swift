import TerminalUI

extension TodoListView {
    /// What the app should do after a key press.
    enum KeyOutcome: Equatable {
        /// Keep running.
        case keepRunning
        /// Leave the interactive list.
        case quit
    }

    /// Handles the keys of one read, in order, as `handle(_:)` with one key would one by one, except
    /// that a run of keys typed into the open editor is applied to the text at once and
    /// dispatched as one ``ChangeEditorText``: a paste sent as a thousand keys (a terminal without
    /// bracketed paste) is one action and one redraw, not a thousand, each carrying the whole text.
    ///
    /// Stops at a key that quits; the keys after it are not handled.
    func handle(_ keys: [Key]) -> KeyOutcome {
        var field: TextField?
        var fieldChanged = false
        func dispatchField() {
            if let field, fieldChanged { edit(to: field) }
            field = nil
            fieldChanged = false
        }
        for key in keys {
            if state.screen.editor != nil, !key.isInterrupt, key != .enter, key != .escape {
                if field == nil { field = state.screen.editorField }
                if field?.handle(key == .tab ? .space : key) == true { fieldChanged = true }
                continue
            }
            dispatchField()
            if handle(key) == .quit { return .quit }
        }
        dispatchField()
        return .keepRunning
    }

    /// Handles one key press: while a title is being typed, keys edit it (Enter saves, Esc
    /// cancels, ←/→, Home/End, word moves and Ctrl-A/E/K/U/W as in a shell); otherwise ↑/↓ (k/j), Page Up/Down, Home/End move, Space toggles, `a` adds, `e`
    /// edits, `d` (or Delete) deletes, `u` undoes and `q` (or Ctrl-C) quits.
    ///
    /// A status message is dismissed by the next key.
    func handle(_ key: Key) -> KeyOutcome {
        if key.isInterrupt { return .quit }
        if state.screen.editor != nil {
            handleWhileTyping(key)
            return .keepRunning
        }
        dismissMessage()
        switch key {
        case .up, .character("k"): moveSelection(by: -1)
        case .down, .character("j"): moveSelection(by: 1)
        case .pageUp: moveSelection(by: -pageSize)
        case .pageDown: moveSelection(by: pageSize)
        case .home: moveSelection(by: -state.list.items.count)
        case .end: moveSelection(by: state.list.items.count)
        case .character(" "): toggleSelected()
        case .character("a"): beginAdding()
        case .character("e"), .enter: beginEditing()
        case .character("d"), .delete: deleteSelected()
        case .character("u"): undo()
        case .character("q"): return .quit
        default: break
        }
        return .keepRunning
    }

    /// Enter saves, Esc cancels, Tab types a space; every other key goes to the text field
    /// (see ``edit(with:)``); a paste is typed into it (line breaks become spaces: see TerminalUI's
    /// `TextField.insert(pasted:)`). While no title is being typed, a paste is ignored: pasted text
    /// is never taken as keys.
    private func handleWhileTyping(_ key: Key) {
        switch key {
        case .enter: submitEditor()
        case .escape: cancelEditing()
        case .tab: edit(with: .space)
        default: edit(with: key)
        }
    }
}
