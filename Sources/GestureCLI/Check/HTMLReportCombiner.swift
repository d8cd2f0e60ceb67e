import Foundation
import GestureTrace

/// `check --combine-html OUT REPORT…`: joins the `--html` pages of one run's shards into one page
/// that reads as the unsharded run's report (one summary line and counts, one "needs a look" list,
/// every trace in the sorted order of the whole run), naming the shards it was made from.
///
/// Reads only each page's embedded ``HTMLReportData``, never its HTML. The replays beside each page
/// (`report-K.replays/`, linked relative to the page) are copied into OUT's replay folder, so the
/// combined page's links work wherever the shard pages were; their names start with the trace's
/// place in the whole run, so they do not collide.
enum HTMLReportCombiner {
    /// Reads `reports`, writes the combined page to `output`, and returns the exit status: 0 written,
    /// 65 a page is no report or the pages are not one run's shards, 66 a page cannot be opened, 74
    /// the page or a replay cannot be written.
    static func run(output: String, reports: [String], environment: CommandEnvironment) -> ExitStatus {
        var parts: [(file: String, data: HTMLReportData, shard: Shard)] = []
        for file in reports {
            let bytes: [UInt8]
            do throws(TraceError) {
                bytes = try InputFile.read(path: file)
            } catch {
                return environment.report(error)
            }
            let data: HTMLReportData
            do throws(HTMLReportData.ReadError) {
                data = try HTMLReportData(page: bytes)
            } catch {
                return refuse("\(file): error: \(error.message)", environment)
            }
            guard data.combinedFrom.isEmpty, data.shards.count == 1, let shard = try? Shard(parsing: data.shards[0]) else {
                return refuse("\(file): error: a combined report: combine the shards' own pages", environment)
            }
            if let other = parts.first(where: { $0.shard.count != shard.count }) {
                return refuse(
                    "\(file): error: shard \(shard) of a run in \(shard.count), but \(other.file) is shard \(other.shard): "
                        + "combine the pages of one run", environment)
            }
            if let other = parts.first(where: { $0.shard == shard }) {
                return refuse("\(file): error: shard \(shard) again (\(other.file) is shard \(shard) too)", environment)
            }
            if let other = parts.first(where: { $0.data.found != data.found || $0.data.update != data.update }) {
                return refuse(
                    "\(file): error: not the same run as \(other.file) (\(data.found) traces found there, "
                        + "\(other.data.found) in \(other.file)\(data.update != other.data.update ? "; one ran --update" : ""))",
                    environment)
            }
            parts.append((file, data, shard))
        }
        parts.sort { $0.shard.index < $1.shard.index }
        guard let first = parts.first else { return .success }  // The operands are one or more.

        var status = ExitStatus.success
        let replays = HTMLReport.replayFolder(of: output)
        var traces: [HTMLReportData.Entry] = []
        var from: [Int: String] = [:]
        for part in parts {
            let directory = part.file.lastIndex(of: "/").map { String(part.file[...$0]) } ?? ""
            for var entry in part.data.traces {
                if let other = from[entry.position] {
                    return refuse(
                        "\(part.file): error: trace #\(entry.position) (\(entry.trace)) is in \(other) too: combine the pages of one run",
                        environment)
                }
                from[entry.position] = part.file
                if let link = entry.replay, let section = entry.section {
                    let name = link.split(separator: "/").last.map(String.init) ?? link
                    let copied = replays.link + "/" + name
                    do throws(CopyError) {
                        try copy(directory + link, to: replays.folder + "/" + name)
                        entry.replay = copied
                        entry.section = section.replacingOccurrences(
                            of: HTMLReport.replayParagraph(link), with: HTMLReport.replayParagraph(copied))
                    } catch {
                        environment.printError(
                            "gesturectl check: warning: \(error.message): the combined page has no replay of \(entry.trace)")
                        status = status.worse(error.status)
                        entry.replay = nil
                        entry.section = section.replacingOccurrences(of: HTMLReport.replayParagraph(link), with: "")
                    }
                }
                traces.append(entry)
            }
        }
        traces.sort { $0.position < $1.position }

        let count = first.shard.count
        let missing = (1...count).filter { index in !parts.contains { $0.shard.index == index } }
        let scope: String
        if missing.isEmpty {
            scope = CheckSummary.plural(traces.count, "trace", "traces")
        } else {
            let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            environment.printError("gesturectl check: warning: no page of shard\(missing.count == 1 ? "" : "s") \(list): the combined page lacks their traces")
            scope = "\(traces.count) of \(first.data.found) traces (shards " + parts.map { "\($0.shard)" }.joined(separator: ", ")
                + "; missing \(list))"
        }
        let orphans = parts.flatMap(\.data.orphans)
        let pruned = parts.flatMap(\.data.pruned)
        let data = HTMLReportData(
            line: CheckSummary.line(words: traces.map(\.outcome), scope: scope, update: first.data.update, orphans: orphans.count, pruned: pruned.count),
            shards: parts.map { "\($0.shard)" }, combinedFrom: parts.map(\.file), found: first.data.found, update: first.data.update,
            orphans: orphans, pruned: pruned, traces: traces)
        return status.worse(OutputFile.write(HTMLReport.page(data), to: output, environment: environment))
    }

    private static func refuse(_ message: String, _ environment: CommandEnvironment) -> ExitStatus {
        environment.printError(message)
        return .dataError
    }

    /// Why a replay was not copied.
    private struct CopyError: Error {
        var message: String
        var status: ExitStatus
    }

    private static func copy(_ source: String, to destination: String) throws(CopyError) {
        let read: [UInt8]?
        do throws(TraceError) {
            read = try CheckFiles.contents(of: source)
        } catch {
            throw CopyError(message: "the replay \(source) cannot be read: \(error.description)", status: .cannotOpen)
        }
        guard let bytes = read else {
            throw CopyError(message: "the replay \(source) is not there (copy each page's .replays folder with it)", status: .cannotOpen)
        }
        let folder = destination.lastIndex(of: "/").map { String(destination[..<$0]) } ?? "."
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CopyError(message: "the replay folder \(folder) cannot be made: \(error)", status: .cannotWrite)
        }
        do throws(CheckFiles.WriteError) {
            try CheckFiles.replace(destination, with: bytes)
        } catch {
            throw CopyError(message: error.description, status: .cannotWrite)
        }
    }
}
