#!/usr/bin/env python3
"""Writes the benchmark traces of scripts/bench.sh (standard library only, deterministic).

    scripts/gen-bench-traces.py OUTDIR [--mb 100] [--corpus 10000] [--seed 20240611]

Writes OUTDIR/big.json, OUTDIR/big.jsonl and OUTDIR/big.csv, each about --mb megabytes of the same
stream of realistic gestures, and OUTDIR/corpus/ with --corpus small traces (the three encodings in
turn). Existing files are kept: delete them to regenerate.

The gestures are what a 120 Hz recorder writes: taps, pans, flicks, two-finger pinches and rotations,
three-finger swipes, fingers that land and lift on different frames, stationary fingers, force and
radius on some devices. Numbers are spelled as a float serializer spells them (shortest round trip):
times from a device clock (`1523.4083333333333`, 16-17 significant digits), locations snapped to a 3x
screen's pixels (`305.6666666666667`, `301.0`), so the readers' slow number paths are exercised, not
just short decimals.
"""
import argparse
import math
import os
import random
import sys

HZ = 120.0
SCREEN = (390.0, 844.0)


def snap(v):
    return round(v * 3.0) / 3.0


class Frame:
    """The samples of one event: same t."""

    __slots__ = ("t", "samples")

    def __init__(self, t):
        self.t = t
        self.samples = []


def gesture(rng, t0, with_force, with_radius):
    """One gesture as a list of frames (events), starting at t0; returns (frames, end time)."""
    kind = rng.choices(
        ["tap", "pan", "flick", "pinch", "rotate", "swipe3", "hold"], weights=[20, 25, 15, 15, 10, 8, 7])[0]
    fingers = {"tap": 1, "pan": 1, "flick": 1, "pinch": 2, "rotate": 2, "swipe3": 3, "hold": 1}[kind]
    if kind == "tap" and rng.random() < 0.25:
        fingers = 2
    frames_count = {
        "tap": rng.randint(4, 14), "pan": rng.randint(40, 160), "flick": rng.randint(8, 20),
        "pinch": rng.randint(50, 150), "rotate": rng.randint(50, 150), "swipe3": rng.randint(20, 60),
        "hold": rng.randint(70, 150),
    }[kind]
    cx = rng.uniform(60, SCREEN[0] - 60)
    cy = rng.uniform(120, SCREEN[1] - 120)
    angle0 = rng.uniform(0, 2 * math.pi)
    spread0 = rng.uniform(30, 90)
    dx = rng.uniform(-250, 250)
    dy = rng.uniform(-400, 400)
    scale = rng.uniform(0.4, 2.2)
    turn = rng.uniform(-1.5, 1.5)
    # Fingers land and lift on frames of their own.
    lands = sorted(rng.randint(0, 2) if i else 0 for i in range(fingers))
    lifts = sorted((frames_count - rng.randint(0, 2) if i else frames_count) for i in range(fingers))
    ids = list(range(1, fingers + 1))
    rng.shuffle(ids)
    frames = []
    last = {}
    for f in range(frames_count + 1):
        t = t0 + f / HZ
        frame = Frame(t)
        u = f / frames_count
        e = 0.5 - 0.5 * math.cos(math.pi * u)
        for i in range(fingers):
            if f < lands[i] or f > lifts[i]:
                continue
            if kind in ("pinch", "rotate"):
                a = angle0 + (turn * e if kind == "rotate" else 0) + i * math.pi
                r = spread0 * (1 + (scale - 1) * e if kind == "pinch" else 1) / 2
                x, y = cx + r * math.cos(a), cy + r * math.sin(a)
            elif kind in ("tap", "hold"):
                x, y = cx + i * 40, cy
            else:
                k = e if kind != "flick" else u * u
                x, y = cx + i * 35 + dx * k, cy + i * 10 + dy * k
            x += rng.uniform(-0.6, 0.6)
            y += rng.uniform(-0.6, 0.6)
            x, y = snap(x), snap(y)
            if f == lands[i]:
                phase = "began"
            elif f == lifts[i]:
                phase = "ended" if rng.random() > 0.02 else "cancelled"
            elif (x, y) == last.get(i):
                phase = "stationary"
            else:
                phase = "moved"
            last[i] = (x, y)
            force = round(rng.uniform(0.1, 3.5), 6) if with_force else None
            radius = rng.choice([10.416666666666666, 20.833333333333332, 15.625, 26.041666666666668]) if with_radius else None
            frame.samples.append((ids[i], phase, x, y, force, radius))
        if frame.samples:
            frames.append(frame)
    return frames, t0 + frames_count / HZ


def stream(seed):
    """Frames forever, in time order, with gaps between gestures and an odd device clock origin."""
    rng = random.Random(seed)
    t = rng.uniform(1000, 90000)
    while True:
        session_force = rng.random() < 0.3
        session_radius = rng.random() < 0.5
        for _ in range(rng.randint(5, 40)):
            frames, end = gesture(rng, t, session_force, session_radius)
            yield frames
            t = end + rng.uniform(0.05, 1.5)


def json_sample(t, s):
    fid, phase, x, y, force, radius = s
    text = '{"t":%r,"id":%d,"phase":"%s","x":%r,"y":%r' % (t, fid, phase, x, y)
    if force is not None:
        text += ',"force":%r' % force
    if radius is not None:
        text += ',"radius":%r' % radius
    return text + "}"


def csv_sample(t, s):
    fid, phase, x, y, force, radius = s
    return "%r,%d,%s,%r,%r,%s,%s" % (
        t, fid, phase, x, y, "" if force is None else repr(force), "" if radius is None else repr(radius))


class Writer:
    def __init__(self, path, encoding):
        self.encoding = encoding
        self.out = open(path, "w", encoding="utf-8", newline="\n")
        self.size = 0
        self.first = True
        self.samples = 0
        if encoding == "json":
            self.put('{\n  "gesturectl": 1,\n  "screen": {"width": 390, "height": 844},\n  "samples": [\n')
        elif encoding == "jsonl":
            self.put('{"gesturectl":1,"screen":{"width":390,"height":844}}\n')
        else:
            self.put("# screen: 390x844\nt,id,phase,x,y,force,radius\n")

    def put(self, text):
        self.out.write(text)
        self.size += len(text)

    def frames(self, frames):
        lines = []
        for frame in frames:
            for s in frame.samples:
                if self.encoding == "csv":
                    lines.append(csv_sample(frame.t, s))
                elif self.encoding == "jsonl":
                    lines.append(json_sample(frame.t, s))
                else:
                    lines.append(("    " if self.first else ",\n    ") + json_sample(frame.t, s))
                    self.first = False
                self.samples += 1
        if self.encoding == "json":
            self.put("".join(lines))
        else:
            self.put("\n".join(lines) + "\n")

    def close(self):
        if self.encoding == "json":
            self.put("\n  ]\n}\n")
        self.out.close()


def write_big(outdir, mb, seed):
    target = int(mb * 1_000_000)
    for encoding in ("json", "jsonl", "csv"):
        path = os.path.join(outdir, "big." + encoding)
        if os.path.exists(path):
            continue
        tmp = path + ".tmp"
        writer = Writer(tmp, encoding)
        for frames in stream(seed):
            writer.frames(frames)
            if writer.size >= target:
                break
        writer.close()
        os.replace(tmp, path)
        print("wrote %s: %.1f MB, %d samples" % (path, writer.size / 1e6, writer.samples), file=sys.stderr)


def write_corpus(outdir, count, seed):
    corpus = os.path.join(outdir, "corpus")
    done = os.path.join(corpus, ".complete")
    if os.path.exists(done):
        return
    os.makedirs(corpus, exist_ok=True)
    gestures = stream(seed + 1)
    encodings = ("json", "jsonl", "csv")
    for n in range(count):
        encoding = encodings[n % 3]
        writer = Writer(os.path.join(corpus, "%05d.%s" % (n, encoding)), encoding)
        for _ in range(1 + n % 4):
            writer.frames(next(gestures))
        writer.close()
    open(done, "w").close()
    print("wrote %d traces in %s" % (count, corpus), file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--mb", type=float, default=100)
    parser.add_argument("--corpus", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=20240611)
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    write_big(args.outdir, args.mb, args.seed)
    if args.corpus > 0:
        write_corpus(args.outdir, args.corpus, args.seed)


if __name__ == "__main__":
    main()
