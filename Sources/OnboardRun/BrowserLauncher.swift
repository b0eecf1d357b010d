import Dispatch
import Glibc
import OnboardKit

/// Opens an address in a browser the way the `BROWSER` convention says (`BrowserCommand`): each
/// command in turn until one starts, each with the address as one argument, never through a
/// shell. A command "starts" when its program is found and executed; the browser then runs on
/// its own, in a process group of its own (the terminal's keys are not its business),
/// with its input and output on /dev/null, so nothing it prints reaches the paywall's screen.
enum BrowserLauncher {
    /// A command that could not be started, and why ("No such file or directory").
    struct Failure: Equatable {
        var name: String
        var reason: String
    }

    /// Starts the first command that can be started; nil when one was, else why each failed.
    static func open(_ url: String, environment: [String: String]) -> [Failure]? {
        var failures: [Failure] = []
        for candidate in BrowserCommand.candidates(browser: environment["BROWSER"], url: url) {
            let code = start(candidate, environment: environment)
            if code == 0 { return nil }
            failures.append(
                Failure(
                    name: SafeText.excerpt(BrowserCommand.name(of: candidate)), reason: String(cString: strerror(code)))
            )
        }
        return failures
    }

    /// Starts `arguments` (its first word a path, or a name looked up in the environment's
    /// `PATH` as `execvp` does); 0 when it started, else the errno of the last attempt that
    /// mattered (a program found but not executable outranks one not found further on).
    static func start(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let name = arguments.first, !name.isEmpty else { return ENOENT }
        let paths: [String]
        if name.contains("/") {
            paths = [name]
        } else {
            let search = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
            // An empty entry of PATH means the current directory, as for the shell.
            paths = search.split(separator: ":", omittingEmptySubsequences: false).map {
                ($0.isEmpty ? "." : String($0)) + "/" + name
            }
        }
        var worst = ENOENT
        for path in paths {
            let code = spawn(path, arguments: arguments, environment: environment)
            if code == 0 { return 0 }
            if code != ENOENT && code != ENOTDIR { worst = code }
        }
        return worst
    }

    /// One `posix_spawn`, detached and reaped in the background; glibc reports a failed exec as
    /// its result, so 0 means the program runs.
    private static func spawn(_ path: String, arguments: [String], environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Files are opened close-on-exec, but not every descriptor is (the signal pipe's ends,
        // a host's own): none is the browser's business.
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The app ignores SIGINT, SIGTERM and SIGHUP and blocks others; a browser starts afresh,
        // in a process group of its own, so the terminal's keys and hang-up do not reach it.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard code == 0 else { return code }
        // The browser may run for hours; it is waited for away from the loop, so it leaves no
        // zombie and the paywall does not wait on it.
        let child = pid
        DispatchQueue.global(qos: .utility).async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return 0
    }

    /// The descriptors open now, from /proc/self/fd (the directory's own among them, closed by
    /// the time the child starts, which `posix_spawn` takes in its stride).
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name) { descriptors.append(descriptor) }
        }
        return descriptors
    }
}
