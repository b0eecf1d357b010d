import FoundationEssentials
import Glibc
import OnboardKit

// Parse, carry out, exit: everything else lives in Launcher and the libraries.
StandardStreams.reserveClosedDescriptors()
let exitCode: Int32
do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    exitCode = Launcher(options: options, environment: ProcessEnvironment.current()).run()
} catch {
    printError(error.description)
    printError("run `tui-onboard --help` for usage")
    exitCode = ExitCode.usage
}
exit(exitCode)
