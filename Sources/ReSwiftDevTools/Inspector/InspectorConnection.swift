import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension InspectorEndpoint {
    /// One connected inspector: its socket, its bounded output buffer and its settings.
    ///
    /// The endpoint touches `isPaused`, `wantsStates`, `lost` and the buffer only while holding
    /// its `shared` lock; the sources run on the endpoint's queue.
    final class Connection {
        let id: Int
        private let fd: Int32
        private let readSource: DispatchSourceRead
        private let writeSource: DispatchSourceWrite
        private var isWriteSourceResumed = false
        private var isClosed = false

        var isPaused = false
        var wantsStates = false
        /// Events lost since the last gap was reported.
        var lost: UInt64 = 0
        private var buffer = Data()
        private var offset = 0
        private var input = Data()

        var onReadable: () -> Void = {}
        var onWritable: () -> Void = {}

        init(id: Int, fd: Int32, queue: DispatchQueue) {
            self.id = id
            self.fd = fd
            readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        }

        /// Bytes waiting to be written.
        var bufferedBytes: Int { buffer.count - offset }

        func start() {
            readSource.setEventHandler { [weak self] in self?.onReadable() }
            writeSource.setEventHandler { [weak self] in self?.onWritable() }
            let fd = self.fd
            readSource.setCancelHandler { closeDescriptor(fd) }
            readSource.resume()
        }

        /// Adds an action event, after a gap event when some were lost; returns `false` (and
        /// counts the event lost) when the buffer has no room.
        func enqueue(event line: Data, limit: Int) -> Bool {
            let gap = lost > 0 ? InspectorProtocol.encode(GapEvent(lost: lost)) : Data()
            guard bufferedBytes + gap.count + line.count <= limit else {
                lost += 1
                return false
            }
            buffer.append(gap)
            buffer.append(line)
            lost = 0
            return true
        }

        /// Adds a reply to a command; replies may use up to twice the limit, so a state request
        /// is answered even while events are being dropped.
        @discardableResult
        func enqueue(control line: Data, limit: Int) -> Bool {
            guard bufferedBytes + line.count <= 2 * limit else { return false }
            buffer.append(line)
            return true
        }

        /// Writes what the socket takes now; returns `false` when the peer is gone.
        func flush() -> Bool {
            guard !isClosed else { return false }
            while bufferedBytes > 0 {
                let result = buffer.withUnsafeBytes { bytes in
                    UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                }
                switch result {
                case .bytes(let count):
                    offset += count
                case .wouldBlock:
                    if !isWriteSourceResumed {
                        isWriteSourceResumed = true
                        writeSource.resume()
                    }
                    compact()
                    return true
                case .closed:
                    return false
                }
            }
            buffer.removeAll(keepingCapacity: buffer.count <= 64 << 10)
            offset = 0
            if isWriteSourceResumed {
                isWriteSourceResumed = false
                writeSource.suspend()
            }
            return true
        }

        private func compact() {
            if offset > 64 << 10 && offset > buffer.count / 2 {
                buffer.removeSubrange(0..<offset)
                offset = 0
            }
        }

        /// Reads what arrived and returns the complete lines, or `nil` when the peer closed.
        func receiveLines() -> [Data]? {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let result = chunk.withUnsafeMutableBytes { UnixSocket.receive(fd, into: $0) }
                switch result {
                case .bytes(let count):
                    input.append(contentsOf: chunk[0..<count])
                    if input.count > 64 << 10 { return nil }  // no command is this long
                case .wouldBlock:
                    var lines: [Data] = []
                    while let newline = input.firstIndex(of: 0x0A) {
                        let line = input[input.startIndex..<newline]
                        if !line.isEmpty { lines.append(Data(line)) }
                        input.removeSubrange(input.startIndex...newline)
                    }
                    return lines
                case .closed:
                    return nil
                }
            }
        }

        /// Stops both sources; the read source's cancel handler closes the socket.
        func close() {
            guard !isClosed else { return }
            isClosed = true
            if !isWriteSourceResumed {
                writeSource.resume()
            }
            writeSource.cancel()
            readSource.cancel()
        }
    }
}

private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
