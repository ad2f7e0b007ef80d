import ReSwift
import TerminalUI

/// What a key does in the interactive inspector.
enum InspectorKeys {
    enum Outcome {
        /// Dispatch this action.
        case action(Action)
        /// Leave with this exit status: 0 for q, 130 for Ctrl-C.
        case quit(Int32)
        /// Nothing.
        case ignore
    }

    /// The help line's text.
    static let help =
        "↑↓ select  / filter  Tab pane  ⏎←→ tree  space pause  t travel  b back  r state  q quit"

    static func outcome(for key: Key, in state: InspectorViewState) -> Outcome {
        if key.isInterrupt { return .quit(130) }
        if state.filterField != nil {
            switch key {
            case .enter: return .action(EndFilter(keep: true))
            case .escape: return .action(EndFilter(keep: false))
            default: return .action(EditFilter(key: key))
            }
        }
        let onTree = state.focus == .state
        switch key {
        case .character("q"): return .quit(0)
        case .character("/"): return .action(BeginFilter())
        case .escape where !state.filter.isEmpty: return .action(EndFilter(keep: false))
        case .tab, .backTab: return .action(SwitchPane())
        case .space, .character("p"): return .action(TogglePause())
        case .character("r"): return .action(RequestState())
        case .character("t"): return .action(TravelToSelection())
        case .character("b"): return .action(TravelToPresent())
        case .up, .character("k"): return move(-1, onTree: onTree)
        case .down, .character("j"): return move(1, onTree: onTree)
        case .pageUp: return move(-10, onTree: onTree)
        case .pageDown: return move(10, onTree: onTree)
        case .home:
            return onTree
                ? .action(MoveTreeSelection(offset: Int.min / 2)) : .action(SelectActionEdge(toNewest: false))
        case .end:
            return onTree
                ? .action(MoveTreeSelection(offset: Int.max / 2)) : .action(SelectActionEdge(toNewest: true))
        case .enter: return onTree ? .action(SetNodeExpanded(expanded: nil)) : .action(SwitchPane())
        case .right: return onTree ? .action(SetNodeExpanded(expanded: true)) : .action(SwitchPane())
        case .left: return onTree ? .action(SetNodeExpanded(expanded: false)) : .ignore
        default: return .ignore
        }
    }

    private static func move(_ offset: Int, onTree: Bool) -> Outcome {
        onTree ? .action(MoveTreeSelection(offset: offset)) : .action(MoveActionSelection(offset: offset))
    }
}
