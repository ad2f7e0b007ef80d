import ReSwift
import TerminalUI

// `reswift-inspect`: attaches to a running app built with ReSwift (see `reswift-inspect --help`).
// Everything is written through ProgramOutput: messages sanitized, a failed write exit status 1.
ProgramOutput.start(program: "reswift-inspect")
LibraryOutput.route { ProgramOutput.error($0) }
ProgramOutput.exit(await InspectCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
