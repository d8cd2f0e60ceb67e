import GestureKit
import GestureTrace

/// `convert --follow`: converts a live input frame by frame (a recording) or sample by sample (a
/// trace), in constant memory, flushing the output whenever the input has nothing more ready, so that
/// `convert` can sit in the middle of a live pipeline. See docs/live.md.
///
/// The input ends at its end of file or at SIGINT/SIGTERM; touches still down are then cancelled
/// (1 µs after the last frame for a recording) and the trace is closed. Problems of the input are
/// reported as the batch conversion reports them, but what was written before them stands.
final class FollowConversion: FollowWaiting {
    private let environment: CommandEnvironment
    private let interruption: Interruption?
    private var outputFailure: OutputError?

    private init(environment: CommandEnvironment) {
        self.environment = environment
        interruption = Interruption()
    }

    func inputIsIdle() -> Double? {
        if outputFailure == nil {
            do throws(OutputError) { try environment.standardOutput.flush() } catch { outputFailure = error }
        }
        return nil
    }

    var stopRequested: Bool { outputFailure != nil || interruption?.requested == true }

    var wakeDescriptor: Int32 { interruption?.wakeDescriptor ?? -1 }

    /// Converts `settings.input` live; the command's exit status.
    ///
    /// - Throws: ``UsageError`` for `-o` (live output goes to standard output), an input whose kind
    ///   is not known from `--from` or its extension, or a recording without `--raw-size` or `--device`.
    static func run(_ settings: ConvertSettings, environment: CommandEnvironment) throws(UsageError) -> ExitStatus {
        if let output = settings.output, output != "-" {
            throw UsageError("'--follow' writes to standard output: leave out '-o \(output)'")
        }
        let kind: ConvertInput.Kind
        if let from = settings.from {
            kind = from
        } else if settings.input != "-", let encoding = TraceEncoding(pathExtensionOf: settings.input) {
            kind = ConvertInput.Kind(rawValue: encoding.rawValue) ?? .csv
        } else if settings.input.lowercased().hasSuffix(".events") {
            kind = .evemu
        } else {
            throw UsageError("'--follow' needs '--from' to know what the input is (it cannot wait for the whole input to look at it)")
        }
        if kind == .webdriver {
            throw UsageError("'--follow' does not read WebDriver actions: a body of actions is converted whole, without '--follow'")
        }
        if kind.traceEncoding != nil, let option = settings.recordingOnlyOptions.first {
            throw UsageError("'\(option)' applies to recordings (getevent, evemu) only, and the input is a \(kind.rawValue) trace")
        }
        if kind.traceEncoding == nil, settings.rawSize == nil, settings.device == nil {
            throw UsageError(
                "'--follow' needs '--raw-size WxH' or '--device DESC' for a \(kind.rawValue) recording: "
                    + "without them the axis ranges are the largest values seen, known only at the end of the input")
        }
        let input: FollowInput
        var options = settings.recordingOptions
        do throws(TraceError) {
            if let device = settings.device {
                options.device = try DeviceDescription(evemu: try InputFile.read(path: device), file: device)
            }
            input = try FollowInput(path: settings.input)
        } catch {
            return environment.report(error)
        }
        defer { input.release() }
        let conversion = FollowConversion(environment: environment)
        let status: ExitStatus
        switch kind {
        case .getevent, .evemu:
            status = conversion.convertRecording(
                input, format: kind == .getevent ? .getevent : .evemu, options: options, to: settings.to)
        case .json, .jsonl, .csv:
            status = conversion.convertTrace(input, encoding: kind.traceEncoding, to: settings.to)
        case .webdriver:
            status = .usage  // Refused above, before the input is opened.
        }
        conversion.write("")
        if let failure = conversion.outputFailure { return status.worse(environment.report(failure)) }
        return status
    }

    private func convertRecording(
        _ input: FollowInput, format: RecordingFormat, options: RecordingOptions, to encoding: TraceEncoding
    ) -> ExitStatus {
        let recording: LiveRecording
        do throws(TraceError) {
            recording = try LiveRecording(format: format, file: input.name, options: options)
        } catch {
            environment.printError(error.description)
            return .dataError
        }
        var writer = SampleBytesWriter(encoding: encoding)
        // The header waits for the first sample: a recording that makes no touch is an error with
        // nothing on standard output, as it is for a whole file.
        var prologue: String? = writer.prologue(header: recording.header)
        func emit(_ samples: [Sample]) -> Bool {
            if !samples.isEmpty, let text = prologue {
                write(text)
                prologue = nil
            }
            return write(samples, with: &writer)
        }
        let lines = LiveLines(following: input.descriptor, isRegularFile: input.isRegularFile, name: input.name, waiting: self)
        do throws(TraceError) {
            while !stopRequested, let line = try lines.next() {
                guard emit(try recording.take(line: line, number: lines.lineNumber)) else { return .dataError }
            }
            guard emit(try recording.finish()) else { return .dataError }
        } catch {
            for warning in recording.warnings { environment.printError(warning.description) }
            return environment.report(error)
        }
        if let text = prologue { write(text) }
        write(writer.epilogue())
        for warning in recording.warnings { environment.printError(warning.description) }
        return .success
    }

    private func convertTrace(_ input: FollowInput, encoding: TraceEncoding?, to target: TraceEncoding) -> ExitStatus {
        var writer = SampleBytesWriter(encoding: target)
        let reader: TraceReader
        do throws(TraceError) {
            reader = try TraceReader(
                following: input.descriptor, isRegularFile: input.isRegularFile, name: input.name, encoding: encoding, waiting: self)
        } catch {
            return environment.report(error)
        }
        do throws(TraceError) {
            let header = try reader.header()
            if target == .csv, header.scene != nil {
                environment.printError("\(ToolName.current) convert: warning: the trace's scene is not written: CSV has no place for one")
            }
            write(writer.prologue(header: header))
            while let sample = try reader.next() {
                guard write(sample, with: &writer) else { return .dataError }
            }
        } catch {
            if interruption?.requested != true {
                return environment.report(error)
            }
        }
        write(writer.epilogue())
        if interruption?.requested != true {
            for warning in reader.warnings { environment.printError(warning.description) }
        }
        return .success
    }

    /// Writes the samples; false (reported) when one cannot be written in the encoding.
    private func write(_ samples: [Sample], with writer: inout SampleBytesWriter) -> Bool {
        for sample in samples {
            guard write(sample, with: &writer) else { return false }
        }
        return true
    }

    /// Writes one sample's bytes (buffered until the input is idle); false (reported) when it cannot
    /// be written in the encoding.
    private func write(_ sample: Sample, with writer: inout SampleBytesWriter) -> Bool {
        scratch.removeAll()
        do throws(TraceWriteError) {
            try writer.sample(sample, to: &scratch)
        } catch {
            environment.printError("\(ToolName.current) convert: error: \(error.description)")
            return false
        }
        guard outputFailure == nil else { return true }
        do throws(OutputError) {
            try scratch.withUnsafeBytes { bytes throws(OutputError) in try environment.standardOutput.write(bytes: bytes) }
        } catch {
            outputFailure = error
        }
        return true
    }

    /// The bytes of the sample being written, reused from sample to sample.
    private var scratch = ByteBuffer(capacity: 256)

    /// Writes `text` to standard output (buffered until the input is idle), unless the output failed;
    /// the empty text flushes.
    private func write(_ text: String) {
        guard outputFailure == nil else { return }
        do throws(OutputError) {
            if text.isEmpty { try environment.standardOutput.flush() } else { try environment.standardOutput.write(text) }
        } catch {
            outputFailure = error
        }
    }
}
