#!/usr/bin/env python3
"""Writes the starter corpus in traces/: each gesture in the three encodings (JSON, JSON Lines, CSV).

Paths are 120 Hz, coordinates snapped to 1/3 pt (a 3x screen's pixels) with a little deterministic
jitter, times offset as a device clock would be. Run from the repository root; then bless goldens
with `gesturectl check --update traces/` (or analyze each trace into NAME.expected.jsonl).
"""
import json, math, random

HZ = 1 / 120

def snap(v):
    return round(v * 3) / 3

def fmt(v):
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s

class Trace:
    def __init__(self, start):
        self.samples = []
        self.start = start
    def add(self, t, fid, phase, x, y):
        self.samples.append({"t": round(self.start + t, 4), "id": fid, "phase": phase, "x": snap(x), "y": snap(y)})

def path(tr, fid, t0, pts, jitter, rng, lift=True):
    """pts: list of (dt, x, y) absolute; first is down."""
    for i, (t, x, y) in enumerate(pts):
        jx = rng.uniform(-jitter, jitter) if 0 < i else 0
        jy = rng.uniform(-jitter, jitter) if 0 < i else 0
        phase = "began" if i == 0 else ("ended" if lift and i == len(pts) - 1 else "moved")
        tr.add(t0 + t, fid, phase, x + jx, y + jy)

def tap(rng, t0, x, y, dur):
    n = max(1, round(dur / HZ))
    return [(i * HZ if i < n else dur, x, y) for i in range(n + 1)]

def ease(f):
    return 0.5 - 0.5 * math.cos(math.pi * f)

def drag(t0, x0, y0, x1, y1, dur, hold_start=0.0, curve=ease):
    pts = [(0, x0, y0)]
    n = round(dur / HZ)
    for i in range(1, n + 1):
        f = curve(i / n)
        pts.append((hold_start + i * HZ, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    return pts

def build():
    traces = {}
    rng = random.Random(7)
    tr = Trace(41.2083)
    path(tr, 1, 0, tap(rng, 0, 195.3, 420.7, 0.092), 0.25, rng)
    traces["tap"] = tr
    tr = Trace(7.0125)
    path(tr, 1, 0, tap(rng, 0, 201, 388.3, 0.075), 0.25, rng)
    path(tr, 1, 0.21, tap(rng, 0, 203.7, 391, 0.083), 0.25, rng)
    traces["double-tap"] = tr
    tr = Trace(3.5)
    pts = [(i * HZ, 120, 610) for i in range(0, 97)]
    path(tr, 1, 0, pts, 0.4, rng)
    traces["long-press"] = tr
    tr = Trace(100.0)
    path(tr, 1, 0, drag(0, 80, 500, 280, 470, 1.2), 0.3, rng)
    traces["pan-slow"] = tr
    tr = Trace(15.25)
    path(tr, 1, 0, drag(0, 320, 300, 70, 310, 0.15, curve=lambda f: f), 0.3, rng)
    traces["pan-fast"] = tr
    tr = Trace(0.5)
    a = drag(0, 150, 600, 150, 300, 0.6)
    b = drag(0, 240, 610, 240, 310, 0.6)
    # second finger lands one frame later
    events = []
    for i, (t, x, y) in enumerate(a):
        events.append((t, 1, i, x, y, len(a)))
    for i, (t, x, y) in enumerate(b):
        events.append((t + HZ, 2, i, x, y, len(b)))
    events.sort(key=lambda e: (round(e[0], 6), e[1]))
    for (t, fid, i, x, y, n) in events:
        phase = "began" if i == 0 else ("ended" if i == n - 1 else "moved")
        jx = rng.uniform(-0.3, 0.3) if i else 0
        tr.add(t, fid, phase, x + jx, y)
    traces["two-finger-pan"] = tr
    return traces

def write(name, tr):
    header = {"gesturectl": 1, "screen": {"width": 390, "height": 844}}
    with open(f"traces/{name}.json", "w") as f:
        f.write('{\n  "gesturectl": 1,\n  "screen": {"width": 390, "height": 844},\n  "samples": [\n')
        f.write(",\n".join("    " + sample_json(s) for s in tr.samples))
        f.write("\n  ]\n}\n")
    with open(f"traces/{name}.jsonl", "w") as f:
        f.write(json.dumps(header, separators=(",", ":")) + "\n")
        for s in tr.samples:
            f.write(sample_json(s) + "\n")
    with open(f"traces/{name}.csv", "w") as f:
        f.write(f"# {name}: starter corpus trace (scripts/make-starter-traces.py)\n# screen: 390x844\nt,id,phase,x,y\n")
        for s in tr.samples:
            f.write(f"{fmt(s['t'])},{s['id']},{s['phase']},{fmt(s['x'])},{fmt(s['y'])}\n")

def sample_json(s):
    return '{"t":%s,"id":%d,"phase":"%s","x":%s,"y":%s}' % (fmt(s["t"]), s["id"], s["phase"], fmt(s["x"]), fmt(s["y"]))

if __name__ == "__main__":
    for name, tr in build().items():
        write(name, tr)
