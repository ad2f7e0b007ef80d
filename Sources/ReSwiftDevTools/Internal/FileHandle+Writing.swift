import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities

extension FileHandle {
    /// Writes all of `data` to the handle's descriptor, throwing when the write fails.
    ///
    /// `write(2)` directly rather than `FileHandle.write(_:)`, which traps on a failed write on
    /// every platform, and `write(contentsOf:)`, which needs macOS 10.15.4: a full disk or a
    /// closed standard error must never crash the app the devtools are watching.
    ///
    /// - Throws: `POSIXError` with the write's `errno`.
    func writeCompletely(_ data: Data) throws {
        let code = data.withUnsafeBytes { FileDescriptorIO.writeAll(fileDescriptor, $0) }
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    }
}
