import ReSwift

/// Sends the app the commands the inspector's actions call for, after the reducer has seen them:
/// pause and resume, state requests (also when new actions made the shown state stale), and
/// time-travel jumps. The reducer stays pure; this is the one place that talks to the app.
///
/// - Parameter send: Sends one command line; returns an error's text when the app is gone.
func inspectorCommandMiddleware(send: @escaping (String) -> String?) -> Middleware<InspectorViewState> {
    { dispatch, getState in
        { next in
            { action in
                guard let before = getState() else { return next(action) }
                next(action)
                guard let after = getState(), after.connection == .attached else { return }
                var command: String?
                switch action {
                case is TogglePause:
                    command = before.isPaused ? #"{"command":"resume"}"# : #"{"command":"pause"}"#
                case is RequestState:
                    command = #"{"command":"state"}"#
                case is TravelToSelection:
                    if after.travelledTo != nil, let index = after.selectedEntry?.action?.historyIndex {
                        command = #"{"command":"jump","index":\#(index)}"#
                    }
                case is TravelToPresent:
                    if before.travelledTo != nil {
                        command = #"{"command":"jump","index":\#(Int.max)}"#
                    }
                default:
                    break
                }
                if let command, let problem = send(command) {
                    dispatch(ShowMessage(text: "Couldn't reach the app: \(problem)"))
                }
                if after.isStateStale && !after.isAwaitingState {
                    dispatch(RequestState())
                }
            }
        }
    }
}
