#!/usr/bin/env python3
"""Benchmarks `analyze --follow` (docs/live.md): latency, throughput and peak memory.

usage: bench-follow.py GESTURECTL TRACE.jsonl [--samples N]

- latency: a pan fed one sample at a time through a FIFO into `analyze --follow --only pan`;
  for each sample, the time from its write to the FIFO to its `changed` record read from the
  output (median and p99 over N samples, default 10,000);
- throughput: TRACE (JSON Lines) through `cat | gesturectl convert -f --from jsonl --to jsonl - |
  gesturectl analyze -f -`, and through `analyze -f` alone, against batch `analyze` of the file;
- peak RSS of `analyze --follow` in each run.

Goals: median <= 1 ms, p99 <= 5 ms, throughput >= 50% of batch, peak RSS < 32 MB. Prints a report;
exits 1 only when a command fails.
"""
import os, resource, select, subprocess, sys, tempfile, time


def latency(binary, count):
    directory = tempfile.mkdtemp()
    fifo = os.path.join(directory, "touches.jsonl")
    os.mkfifo(fifo)
    process = subprocess.Popen([binary, "analyze", "-f", "--only", "pan", "--format", "jsonl", fifo],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    feed = os.open(fifo, os.O_WRONLY)
    out = process.stdout.fileno()
    os.write(feed, b'{"gesturectl":1,"screen":{"width":390,"height":844}}\n'
             b'{"t":0,"id":1,"phase":"began","x":100,"y":400}\n')
    pending = b""
    times = []
    x = 100.0
    for index in range(count + 1):
        x = 120.0 + (index % 2) * 10 if index else 150.0
        line = b'{"t":%.4f,"id":1,"phase":"moved","x":%g,"y":400}\n' % (0.001 * (index + 1), x)
        start = time.perf_counter()
        os.write(feed, line)
        while b"\n" not in pending:
            select.select([out], [], [], 10)
            chunk = os.read(out, 65536)
            if not chunk:
                raise SystemExit("analyze --follow ended early")
            pending += chunk
        elapsed = time.perf_counter() - start
        pending = pending[pending.index(b"\n") + 1:]
        if index:  # the first sample begins the pan; the others each give one "changed" record
            times.append(elapsed)
    os.close(feed)
    process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    os.unlink(fifo)
    os.rmdir(directory)
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.99)], usage.ru_maxrss / 1024


def timed(command, shell=False):
    start = time.perf_counter()
    process = subprocess.Popen(command, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        raise SystemExit("failed: %s" % command)
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    binary, trace = sys.argv[1], sys.argv[2]
    count = int(sys.argv[sys.argv.index("--samples") + 1]) if "--samples" in sys.argv else 10000
    median, p99, latency_rss = latency(binary, count)
    batch, batch_rss = timed([binary, "analyze", "--format", "jsonl", trace])
    follow, follow_rss = timed("cat %s | %s analyze -f --format jsonl -" % (trace, binary), shell=True)
    pipeline, _ = timed("cat %s | %s convert -f --from jsonl --to jsonl - | %s analyze -f --format jsonl -"
                        % (trace, binary, binary), shell=True)
    # The pipeline's peak RSS: that of analyze -f alone on the converted stream (measured above).
    size = os.path.getsize(trace) / 1e6
    print("follow latency over %d samples: median %.3f ms, p99 %.3f ms (goals <= 1 ms, <= 5 ms)"
          % (count, median * 1e3, p99 * 1e3))
    print("throughput on %s (%.1f MB): batch analyze %.3f s; cat | analyze -f %.3f s (%.0f%% of batch); "
          "cat | convert -f | analyze -f %.3f s (%.0f%% of batch) (goal >= 50%%)"
          % (os.path.basename(trace), size, batch, follow, 100 * batch / follow, pipeline, 100 * batch / pipeline))
    print("peak RSS: analyze -f %.1f MB on the stream, %.1f MB in the latency run; batch analyze %.1f MB (goal < 32 MB)"
          % (follow_rss, latency_rss, batch_rss))


main()
