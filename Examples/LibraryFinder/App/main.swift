import Foundation
import LibraryFinderCore

exit(await LibraryFinderCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
