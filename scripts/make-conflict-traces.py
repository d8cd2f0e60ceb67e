#!/usr/bin/env python3
"""Writes traces/conflicts/: the classic recognizer conflicts, one folder each with its scene.json.

Run from the repository root, then bless goldens with `gesturectl check --update traces/`.
"""
import math

from tracegen import HZ, drag, root, tap, third_sample as sample, write_conflict



def write(folder, children, recognizers, samples, **root_extra):
    """One conflict: a root view holding `children` (with `root_extra`), its recognizers, one trace."""
    scene = {"gesturectl-scene": 1, "views": [root(children, **root_extra)], "recognizers": recognizers}
    write_conflict(folder, scene, {"trace": samples})

# 1. A photo that zooms on double tap and toggles its chrome on single tap: the single tap waits.
write("tap-vs-double-tap", [{"name": "photo", "frame": [0, 100, 390, 500]}], [
    {"name": "toggleChrome", "kind": "tap", "view": "photo", "requireToFail": ["zoom"]},
    {"name": "zoom", "kind": "tap", "view": "photo", "numberOfTapsRequired": 2},
], tap(0, 1, 200, 300) + tap(1.0, 1, 180, 320) + tap(1.22, 1, 183, 322))

# 2. A vertical scroll view holding a horizontal slider: both pans see the finger; the slider's,
#    deeper in the tree, is asked first and begins first, so the scroll pan is prevented.
write("scroll-vs-pan", [{"name": "scroll", "frame": [0, 0, 390, 844], "children": [
    {"name": "slider", "frame": [20, 400, 350, 44]}]}], [
    {"name": "scrollPan", "kind": "pan", "view": "scroll"},
    {"name": "sliderPan", "kind": "pan", "view": "slider", "maximumNumberOfTouches": 1},
], drag(0, 1, 100, 420, 220, 430, 0.3) + drag(1.0, 1, 200, 600, 205, 300, 0.4))

# 3. A button on a draggable card: dragging from the button moves the card and cancels the tap.
write("button-under-pan", [{"name": "card", "frame": [20, 200, 350, 300], "children": [
    {"name": "button", "frame": [20, 220, 120, 44]}]}], [
    {"name": "cardPan", "kind": "pan", "view": "card"},
    {"name": "buttonTap", "kind": "tap", "view": "button"},
], tap(0, 1, 80, 442) + drag(1.0, 1, 80, 442, 80, 600, 0.3))

# 4. Pinch and rotation on one photo, allowed together: a twist while spreading runs both.
twist = []
n = 48
for i in range(n + 1):
    f = i / n
    r = 60 + 60 * f
    a = math.radians(-90 + 45 * f)
    phase = "began" if i == 0 else ("ended" if i == n else "moved")
    for fid, sign in ((1, -1), (2, 1)):
        twist.append(sample(i * HZ, fid, phase, 195 + sign * r * math.cos(a), 420 + sign * r * math.sin(a)))
write("pinch-with-rotation", [], [
    {"name": "zoom", "kind": "pinch", "view": "root", "simultaneousWith": ["spin"]},
    {"name": "spin", "kind": "rotation", "view": "root"},
], twist, multipleTouchEnabled=True)

# 5. A long press that has begun keeps the pan from starting, even when the finger then drags.
write("long-press-blocks-pan", [{"name": "list", "frame": [0, 0, 390, 844]}], [
    {"name": "reorder", "kind": "longPress", "view": "list"},
    {"name": "scroll", "kind": "pan", "view": "list"},
], drag(0, 1, 200, 400, 200, 250, 0.3, hold=0.6) + drag(2.0, 1, 200, 400, 200, 250, 0.3))
