import Foundation
import GestureCLI

// All of the command line lives in GestureCLI; this file only connects it to the process.
exit(run(Array(CommandLine.arguments.dropFirst()), in: .process(variables: ProcessInfo.processInfo.environment)))
