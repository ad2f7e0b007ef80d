import Foundation

// `reswift-inspect`: attaches to a running app built with ReSwift (see `reswift-inspect --help`).
exit(await InspectCommandLine.main(arguments: Array(CommandLine.arguments.dropFirst())))
