#!/usr/bin/env python3
"""Writes Examples/Traces/sheet/: drags on the sheet-over-a-list screen that Examples registers as
`sheetOverList` (Examples/Sources/MyGestures/SheetViewController.swift). Each trace names the screen
in its header, so `team-gesturectl check Traces` runs it without a scene file.

Run from the repository root, then bless the goldens with
`cd Examples && team-gesturectl check --update Traces/sheet`.
"""
import math, os, sys

sys.path.insert(0, os.path.dirname(__file__))
from tracegen import HZ, sample_line as sample

FOLDER = "Examples/Traces/sheet"
HEADER = '{"gesturectl":1,"screen":{"width":390,"height":844},"scene":"sheetOverList"}'


def drag(t0, fid, x0, y0, x1, y1, dur, hold=0.0):
    """A finger from (x0, y0) to (x1, y1) in `dur` seconds at 120 Hz, eased, held `hold` s, lifted."""
    n = max(1, round(dur / HZ))
    out = [sample(t0, fid, "began", x0, y0)]
    for i in range(1, n + 1):
        f = 0.5 - 0.5 * math.cos(math.pi * i / n)
        phase = "ended" if i == n and hold == 0 else "moved"
        out.append(sample(t0 + i * HZ, fid, phase, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    if hold > 0:
        out.append(sample(t0 + n * HZ + hold, fid, "ended", x1, y1))
    return out


def write(name, samples):
    os.makedirs(FOLDER, exist_ok=True)
    with open(f"{FOLDER}/{name}.jsonl", "w") as f:
        f.write(HEADER + "\n" + "\n".join(samples) + "\n")


# The list is at its top: a drag down moves the sheet (the list's pan runs alongside, pinned at 0).
write("drag-sheet-down", drag(0, 1, 200, 420, 204, 640, 0.45))
# A drag up scrolls the list: the sheet's delegate refuses a pan going up.
write("scroll-list-up", drag(0, 1, 200, 760, 198, 460, 0.4, hold=0.1))
# The list scrolled first (a drag up held still at its end, so it stops there); then a drag down
# scrolls the list back rather than moving the sheet: the list is not at its top.
write("drag-down-after-scrolling", drag(0, 1, 200, 760, 198, 460, 0.4, hold=0.1) + drag(1.5, 2, 200, 420, 204, 560, 0.4))
