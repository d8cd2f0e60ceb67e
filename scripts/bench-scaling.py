#!/usr/bin/env python3
"""The scaling table of `make bench` (docs/performance.md): how `analyze`'s time and peak memory grow
with the size of a scene or a trace, measured from outside the process.

    scripts/bench-scaling.py GESTURECTL DATADIR [--runs 3] [--big] [--baseline OTHER_GESTURECTL]
                             [--only ROWS]

Writes its scenes and traces once into DATADIR (delete it to regenerate), then runs
`GESTURECTL analyze --format jsonl --scene SCENE TRACE > /dev/null` for each row, RUNS times, and
prints the best wall time, its CPU time, the peak RSS of all runs, and the ratio of time and of memory
to the row above; `work x` is how much more input the row has than the row above (samples, and
recognizers, views or scroll views the samples meet), so a cost that grows linearly shows a time
ratio no larger than it. The rows:

- recognizers 10 / 100 / 1,000: that many pans on one view, every one simultaneous with every other
  (`simultaneousWith: ["*"]`), one finger moving for 6,000 samples: every pan begins and changes
  6,000 times, so the output grows with the number of pans too.
- views 100 / 10,000: that many views in a grid, a tap recognizer on each, 1,000 taps spread over them.
- fingers 1 / 10 / 50: the default scene, that many fingers moving together for 6,000 events.
- scroll views nested 1 / 10 / 100: scroll views inside each other, 50 vertical drags in the innermost.
- trace 1 / 100 MB (and 1,000 MB with --big): the default scene on scripts/gen-bench-traces.py's
  JSON Lines trace of that size; the peak memory should not grow.

Goals printed last, on CPU time (user + system: on a shared machine it varies much less than wall
time): 1,000 recognizers at most 10x the CPU time of 100; every other row's ratio at most its work
ratio (linear), and the 100 MB trace in the peak memory of the 1 MB one (within 25%).
With --baseline, each row is also run by the other binary, in turn with this one (A B A B ...).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HZ = 120.0
HEADER = '{"gesturectl":1,"screen":{"width":390,"height":844}}\n'


def fmt(v):
    """A number as a trace writes it (shortest round trip, integers without a fraction)."""
    return repr(float(v)) if v != int(v) else str(int(v))


def write_if_missing(path, produce):
    if os.path.exists(path):
        return
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        produce(f)
    os.replace(tmp, path)


def recognizers_case(directory, n):
    scene = os.path.join(directory, "recognizers-%d.scene.json" % n)
    trace = os.path.join(directory, "one-finger-6000.jsonl")

    def write_scene(f):
        json.dump({
            "gesturectl-scene": 1,
            "views": [{"name": "screen", "frame": [0, 0, 390, 844], "multipleTouchEnabled": True}],
            "recognizers": [
                {"name": "pan%d" % i, "kind": "pan", "view": "screen", "simultaneousWith": ["*"]} for i in range(n)
            ],
        }, f)

    def write_trace(f):
        f.write(HEADER)
        for i in range(6000):
            phase = "began" if i == 0 else ("ended" if i == 5999 else "moved")
            x = 195 + 150 * math.sin(i / 300.0)
            y = 422 + 300 * math.sin(i / 700.0)
            f.write('{"t":%s,"id":1,"phase":"%s","x":%s,"y":%s}\n' % (fmt(i / HZ), phase, fmt(round(x, 2)), fmt(round(y, 2))))

    write_if_missing(scene, write_scene)
    write_if_missing(trace, write_trace)
    return scene, trace, 6000


def views_case(directory, n):
    scene = os.path.join(directory, "views-%d.scene.json" % n)
    trace = os.path.join(directory, "views-%d.jsonl" % n)
    columns = int(math.ceil(math.sqrt(n)))
    rows = int(math.ceil(n / columns))
    width, height = 390.0 / columns, 844.0 / rows

    def frame(i):
        return [round((i % columns) * width, 3), round((i // columns) * height, 3), round(width, 3), round(height, 3)]

    def write_scene(f):
        json.dump({
            "gesturectl-scene": 1,
            "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
                {"name": "v%d" % i, "frame": frame(i)} for i in range(n)
            ]}],
            "recognizers": [{"name": "tap%d" % i, "kind": "tap", "view": "v%d" % i} for i in range(n)],
        }, f)

    def write_trace(f):
        f.write(HEADER)
        t = 0.0
        for k in range(1000):
            i = (k * 7919) % n
            x, y, w, h = frame(i)
            cx, cy = round(x + w / 2, 2), round(y + h / 2, 2)
            f.write('{"t":%s,"id":1,"phase":"began","x":%s,"y":%s}\n' % (fmt(round(t, 4)), fmt(cx), fmt(cy)))
            f.write('{"t":%s,"id":1,"phase":"ended","x":%s,"y":%s}\n' % (fmt(round(t + 0.05, 4)), fmt(cx), fmt(cy)))
            t += 0.5

    write_if_missing(scene, write_scene)
    write_if_missing(trace, write_trace)
    return scene, trace, 2000


def fingers_case(directory, n):
    scene = os.path.join(directory, "default.scene.json")
    trace = os.path.join(directory, "fingers-%d.jsonl" % n)

    def write_scene(f):
        f.write(subprocess.run([ARGS.binary, "scene", "--default"], check=True, capture_output=True, text=True).stdout)

    def write_trace(f):
        f.write(HEADER)
        columns = 5
        for i in range(6000):
            phase = "began" if i == 0 else ("ended" if i == 5999 else "moved")
            t = fmt(i / HZ)
            dx = 20 * math.sin(i / 200.0)
            dy = 40 * math.sin(i / 500.0)
            for finger in range(n):
                x = 40 + 70 * (finger % columns) + dx
                y = 60 + 75 * (finger // columns) + dy
                f.write('{"t":%s,"id":%d,"phase":"%s","x":%s,"y":%s}\n' % (t, finger + 1, phase, fmt(round(x, 2)), fmt(round(y, 2))))

    write_if_missing(scene, write_scene)
    write_if_missing(trace, write_trace)
    return scene, trace, 6000 * n


def scroll_case(directory, n):
    scene = os.path.join(directory, "scroll-%d.scene.json" % n)
    trace = os.path.join(directory, "scroll-drags.jsonl")

    def write_scene(f):
        innermost = {"name": "s%d" % (n - 1), "frame": [0, 0, 390, 844],
                     "scrollView": {"contentSize": [390, 100000]}}
        view = innermost
        for i in range(n - 2, -1, -1):
            view = {"name": "s%d" % i, "frame": [0, 0, 390, 844],
                    "scrollView": {"contentSize": [390, 100000]}, "children": [view]}
        json.dump({"gesturectl-scene": 1, "views": [view]}, f)

    def write_trace(f):
        f.write(HEADER)
        t = 0.0
        for drag in range(50):
            for i in range(120):
                phase = "began" if i == 0 else ("ended" if i == 119 else "moved")
                y = 700 - 4 * i
                f.write('{"t":%s,"id":1,"phase":"%s","x":200,"y":%s}\n' % (fmt(round(t, 4)), phase, fmt(y)))
                t += 1 / HZ
            t += 3.0

    write_if_missing(scene, write_scene)
    write_if_missing(trace, write_trace)
    return scene, trace, 6000


def trace_case(directory, mb):
    outdir = os.path.join(directory, "trace-%dmb" % mb)
    path = os.path.join(outdir, "big.jsonl")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(HERE, "gen-bench-traces.py"), outdir, "--mb", str(mb),
                        "--corpus", "0"], check=True, stdout=subprocess.DEVNULL)
        for other in ("big.json", "big.csv"):  # only the JSON Lines one is measured
            try:
                os.remove(os.path.join(outdir, other))
            except FileNotFoundError:
                pass
    return None, path, os.path.getsize(path)


def run_once(command):
    """Wall seconds, CPU seconds and peak RSS (KiB) of one run with standard output discarded."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(command, stdout=null, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        error = process.stderr.read()
        process.stderr.close()
    if status != 0:
        sys.exit("bench-scaling: failed (%d): %s\n%s" % (status, " ".join(command), error.decode(errors="replace")))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("data")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big", action="store_true", help="also the 1,000 MB trace")
    parser.add_argument("--baseline", help="another gesturectl to run side by side")
    parser.add_argument("--only", default="", help="comma-separated groups: recognizers,views,fingers,scroll,trace")
    global ARGS
    ARGS = parser.parse_args()
    os.makedirs(ARGS.data, exist_ok=True)
    only = set(filter(None, ARGS.only.split(",")))

    groups = [
        ("recognizers", [(n, lambda n=n: recognizers_case(ARGS.data, n), n) for n in (10, 100, 1000)]),
        ("views", [(n, lambda n=n: views_case(ARGS.data, n), n) for n in (100, 10000)]),
        ("fingers", [(n, lambda n=n: fingers_case(ARGS.data, n), n) for n in (1, 10, 50)]),
        ("scroll views nested", [(n, lambda n=n: scroll_case(ARGS.data, n), n) for n in (1, 10, 100)]),
        ("trace MB", [(mb, lambda mb=mb: trace_case(ARGS.data, mb), mb) for mb in ((1, 100, 1000) if ARGS.big else (1, 100))]),
    ]
    binaries = [("", ARGS.binary)] + ([("baseline ", ARGS.baseline)] if ARGS.baseline else [])
    rows = []  # (label, build, seconds, cpu, rss KiB, work)
    for group, cases in groups:
        if only and group.split()[0] not in only:
            continue
        for size, make, work in cases:
            scene, trace, _ = make()
            label = "%s %s" % (group, format(size, ","))
            best = {}
            for _ in range(ARGS.runs):
                for build, binary in binaries:
                    command = [binary, "analyze", "--format", "jsonl"] + (["--scene", scene] if scene else []) + [trace]
                    wall, cpu, rss = run_once(command)
                    old = best.get(build)
                    if old is None or wall < old[0]:
                        best[build] = (wall, cpu, max(rss, old[2] if old else 0))
                    else:
                        best[build] = (old[0], old[1], max(rss, old[2]))
            for build, _ in binaries:
                wall, cpu, rss = best[build]
                rows.append((group, build, label, wall, cpu, rss, work))
                print("   %s%s: %.3fs" % (build, label, wall), file=sys.stderr)

    print("\nscaling (analyze --format jsonl, best of %d runs; x above: this row against the row above)" % ARGS.runs)
    print("%-34s %9s %8s %12s %8s %8s %8s %8s" % ("row", "seconds", "CPU s", "peak RSS MB", "time x", "CPU x", "RSS x", "work x"))
    previous = {}
    goals = []
    for group, build, label, wall, cpu, rss, work in rows:
        above = previous.get((group, build))
        if above:
            ratio, rss_ratio, work_ratio = wall / above[0], rss / above[1], work / above[3]
            cpu_ratio = cpu / above[2] if above[2] > 0 else float("nan")
            cells = ("%8.1f" % ratio, "%8.1f" % cpu_ratio, "%8.2f" % rss_ratio, "%8.0f" % work_ratio)
            if not build:
                if group == "recognizers" and work == 1000:
                    goals.append(("recognizers 1,000: %.1fx the CPU time of 100 (<= 10x)" % cpu_ratio, cpu_ratio <= 10))
                elif group == "trace MB":
                    goals.append(("%s: %.2fx the peak RSS of the row above (<= 1.25x)" % (label, rss_ratio), rss_ratio <= 1.25))
                else:
                    goals.append(("%s: %.1fx the CPU time for %.0fx the work (linear)" % (label, cpu_ratio, work_ratio), cpu_ratio <= work_ratio))
        else:
            cells = ("", "", "", "")
        print("%-34s %9.3f %8.2f %12.1f %8s %8s %8s %8s" % (build + label, wall, cpu, rss / 1024, *cells))
        previous[(group, build)] = (wall, rss, cpu, work)
    print("\ngoals (scaling):")
    for text, ok in goals:
        print("  %s  %s" % ("ok  " if ok else "MISS", text))


if __name__ == "__main__":
    main()
