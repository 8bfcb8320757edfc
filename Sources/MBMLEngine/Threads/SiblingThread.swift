import CSiblingThread
import Foundation

/// A thread started to work beside the caller, placed at first on another processor than the
/// caller's, then free to move (the placement is C's: `mbml_start_sibling_thread`).
///
/// A new thread otherwise starts where the scheduler puts it, and a scheduler that packs threads
/// onto few processors (a virtual machine's, to let its other processors halt) puts it beside its
/// creator: one of the two then waits until the scheduler moves the other, a millisecond or more
/// that work meant to run side by side spends taking turns. `mbml eval` on a large manifest
/// starts two such threads (reading the file ahead, parsing later pieces), each at the point where
/// the caller has the most to do.
///
/// Where the caller may run on one processor only, or its processor or affinity cannot be read,
/// the thread is placed as any other; where no thread can be made that way, a Foundation thread
/// runs the work.
enum SiblingThread {
    /// Starts `body` on a new thread with a stack of `stackSize` bytes.
    static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        let failure = mbml_start_sibling_thread(
            { context in
                guard let context else { return }
                Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            }, context, stackSize)
        guard failure != 0 else { return }
        Unmanaged<Work>.fromOpaque(context).release()
        let thread = Thread(block: body)
        thread.stackSize = stackSize
        thread.start()
    }

    /// The work a thread runs, handed to C as a pointer.
    private final class Work {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
