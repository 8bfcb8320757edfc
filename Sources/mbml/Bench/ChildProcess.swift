import Foundation

#if canImport(Glibc)
import Glibc
#endif
#if os(Linux)
import CProcessTrace
#endif

/// One run of another program, measured as a whole process: wall time, peak resident memory (the
/// program's own, see ``ExitTrace``) and what it printed. Used by `mbml bench` to put mbml
/// beside its peers (xmllint, jq, gojq) in the same terms.
struct ChildProcess {
    /// Wall-clock seconds from start to exit.
    var seconds: Double
    /// Peak resident set size in bytes.
    var peakMemory: Int
    /// Standard output (standard error is discarded).
    var output: String
    /// The exit status (or 128 + signal).
    var status: Int32
    /// Whether the run was ended by its CPU-time limit (``run(_:_:cpuLimit:)``), not by itself.
    var passedCPULimit = false

    /// Runs `executable` with `arguments` and waits for it; with a `cpuLimit`, the kernel ends it
    /// after that many seconds of CPU time (`RLIMIT_CPU`, set on the spawned process before it
    /// runs the program, so no other process can be signalled by mistake).
    /// - Throws: ``ChildProcessError`` when it cannot be started.
    static func run(_ executable: String, _ arguments: [String], cpuLimit: Int? = nil) throws -> ChildProcess {
        guard access(executable, X_OK) == 0 else { throw ChildProcessError(executable, errno) }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw ChildProcessError(executable, errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let (program, programArguments) = ExitTrace.launch(executable, arguments)
        let argv = ([program] + programArguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw ChildProcessError(executable, spawned)
        }
        #if os(Linux)
        if let cpuLimit { _ = mbml_limit_cpu(pid, UInt(cpuLimit)) }
        #endif
        // The output is read on another thread: a traced program holds its pipe open while it is
        // stopped at its exit, until this thread lets it go on.
        let output = PipeDrain(pipeEnds[0])
        let attachment = ExitTrace.attach(pid)
        let start = DispatchTime.now().uptimeNanoseconds
        let (status, usage, peak) = ExitTrace.wait(pid, attachment)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        // The kernel ends a run at its limit with SIGXCPU (SIGKILL a second later if that is
        // caught); `rusage`'s CPU time is sampled and may read a little under the limit then.
        let cpuSeconds =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ChildProcess(
            seconds: seconds, peakMemory: peak ?? Int(usage.ru_maxrss) * 1024,
            output: String(decoding: output.bytes(), as: UTF8.self), status: exitStatus,
            passedCPULimit: cpuLimit.map {
                exitStatus == 128 + SIGXCPU || (exitStatus == 128 + SIGKILL && cpuSeconds >= Double($0) - 0.5)
            } ?? false)
    }

    /// Two programs run in turns, `runs` times each, so that both meet the same load of a shared
    /// machine: the median time and median peak memory of each.
    static func sideBySide(
        runs: Int, _ first: (String, [String]), _ second: (String, [String])
    ) throws -> (first: ChildProcess, second: ChildProcess) {
        let medians = try inTurns(runs: runs, [first, second])
        return (medians[0], medians[1])
    }

    /// Several programs run in turns (each once, then each again), `runs` times each, so that all
    /// meet the same load of a shared machine: the median time and median peak memory of each, in
    /// the order given. With a `cpuLimit` (``run(_:_:cpuLimit:)``) a program that passed it is not
    /// run again: its result is that run, with ``passedCPULimit`` set.
    static func inTurns(runs: Int, _ programs: [(String, [String])], cpuLimit: Int? = nil) throws -> [ChildProcess] {
        var all = [[ChildProcess]](repeating: [], count: programs.count)
        for _ in 0..<max(1, runs) {
            for (index, program) in programs.enumerated() where !(all[index].first?.passedCPULimit ?? false) {
                all[index].append(try run(program.0, program.1, cpuLimit: cpuLimit))
            }
        }
        return all.map { $0.first?.passedCPULimit == true ? $0[0] : median(of: $0) }
    }

    /// The output and status of the first run, with the median time and the median peak memory.
    private static func median(of runs: [ChildProcess]) -> ChildProcess {
        var result = runs[0]
        result.seconds = runs.map(\.seconds).sorted()[runs.count / 2]
        result.peakMemory = runs.map(\.peakMemory).sorted()[runs.count / 2]
        return result
    }

    /// The best (fastest) of `runs` runs, with the smallest peak memory seen.
    static func best(of runs: Int, _ executable: String, _ arguments: [String]) throws -> ChildProcess {
        var best = try run(executable, arguments)
        for _ in 1..<max(1, runs) {
            let next = try run(executable, arguments)
            if next.seconds < best.seconds { best.seconds = next.seconds }
            best.peakMemory = min(best.peakMemory, next.peakMemory)
        }
        return best
    }
}

/// A program `mbml bench` could not start.
struct ChildProcessError: Error, CustomStringConvertible {
    let executable: String
    let code: Int32

    init(_ executable: String, _ code: Int32) {
        self.executable = executable
        self.code = code
    }

    var description: String { "couldn't run \(executable): \(String(cString: strerror(code)))" }
}

/// Everything written to a pipe until its end is closed, read on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    private var collected: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 { collected.append(contentsOf: buffer[0..<count]); continue }
                if count < 0, errno == EINTR { continue }
                break
            }
            close(descriptor)
            done.signal()
        }
    }

    /// Waits for the end of the pipe and returns what was written.
    func bytes() -> [UInt8] {
        done.wait()
        return collected
    }
}
