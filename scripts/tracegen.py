"""What the trace-writing scripts (make-conflict-traces.py, make-control-traces.py, make-example-traces.py) share."""

import json, os

HZ = 1 / 120


def fmt(v):
    """A number as the traces spell it: at most 4 decimals, no trailing zeros, never -0."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def sample_line(t, fid, phase, x, y):
    """One touch sample as a JSON Lines record."""
    return '{"t":%s,"id":%d,"phase":"%s","x":%s,"y":%s}' % (fmt(t), fid, phase, fmt(x), fmt(y))


# traces/conflicts/: samples on a third of a point, one folder per scene.

def third_sample(t, fid, phase, x, y):
    """One touch sample with x and y rounded to a third of a point."""
    return sample_line(t, fid, phase, round(x * 3) / 3, round(y * 3) / 3)


def write_conflict(folder, scene, traces):
    """Writes traces/conflicts/FOLDER/scene.json and one NAME.jsonl for each NAME: samples of `traces`."""
    os.makedirs(f"traces/conflicts/{folder}", exist_ok=True)
    with open(f"traces/conflicts/{folder}/scene.json", "w") as f:
        f.write(json.dumps(scene, indent=2) + "\n")
    for name, samples in traces.items():
        with open(f"traces/conflicts/{folder}/{name}.jsonl", "w") as f:
            f.write('{"gesturectl":1,"screen":{"width":390,"height":844}}\n')
            f.write("\n".join(samples) + "\n")


def tap(t0, fid, x, y, dur=0.08):
    """Down and up at (x, y), `dur` apart."""
    return [third_sample(t0, fid, "began", x, y), third_sample(t0 + dur, fid, "ended", x, y)]


def drag(t0, fid, x0, y0, x1, y1, dur, hold=0.0, rest=0.0):
    """Down at (x0, y0), still for `hold`, moved to (x1, y1) over `dur`, still for `rest`, lifted."""
    out = [third_sample(t0, fid, "began", x0, y0)]
    t = t0
    if hold:
        out.append(third_sample(t0 + hold, fid, "stationary", x0, y0))
        t = t0 + hold
    n = round(dur / HZ)
    for i in range(1, n + 1):
        f = i / n
        last = i == n and not rest
        out.append(third_sample(t + i * HZ, fid, "ended" if last else "moved", x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    if rest:
        out.append(third_sample(t + dur + rest, fid, "ended", x1, y1))
    return out


def root(children, **extra):
    """The full-screen root view holding `children`, with any `extra` properties."""
    v = {"name": "root", "frame": [0, 0, 390, 844], "children": children}
    v.update(extra)
    return v
