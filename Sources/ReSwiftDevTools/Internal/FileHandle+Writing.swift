import Foundation

extension FileHandle {
    /// Writes all of `data`, throwing on failure where the platform can report it.
    func writeCompletely(_ data: Data) throws {
        if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
            try write(contentsOf: data)
        } else {
            write(data)
        }
    }
}
