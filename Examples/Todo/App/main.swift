import Foundation
import TodoCore

// `todo`: the ReSwift 101 todo list. Everything is in TodoCore; see `todo --help`.
exit(await TodoCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst())))
