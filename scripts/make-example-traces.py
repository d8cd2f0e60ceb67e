#!/usr/bin/env python3
"""Writes traces/recognizers/ (one example per recognizer kind and setting) and traces/event-model/
(hit-testing overrides, window observers, ignoring interaction), each folder with its scene.json.

Run from the repository root, then bless goldens with `gesturectl check --update traces/`.
"""
import json, math, os

from tracegen import HZ, fmt, sample_line as sample

def other(t, kind, subtype, phase=None):
    d = {"t": float(fmt(t)), "type": kind, "subtype": subtype}
    if phase: d["phase"] = phase
    return json.dumps(d, separators=(",", ":"))

def write(folder, name, scene, samples):
    os.makedirs(folder, exist_ok=True)
    if scene is not None:
        with open(f"{folder}/scene.json", "w") as f:
            f.write(json.dumps(scene, indent=2) + "\n")
    with open(f"{folder}/{name}.jsonl", "w") as f:
        f.write('{"gesturectl":1,"screen":{"width":390,"height":844}}\n')
        f.write("\n".join(samples) + "\n")

def path(t0, fid, pts, lift=True):
    """pts: [(dt, x, y)]; first is the touch down."""
    out = []
    for i, (dt, x, y) in enumerate(pts):
        phase = "began" if i == 0 else ("ended" if lift and i == len(pts) - 1 else "moved")
        out.append(sample(t0 + dt, fid, phase, x, y))
    return out

def line(x0, y0, x1, y1, dur, ease=False):
    n = max(1, round(dur / HZ))
    pts = [(0, x0, y0)]
    for i in range(1, n + 1):
        f = i / n
        if ease: f = 0.5 - 0.5 * math.cos(math.pi * f)
        pts.append((i * HZ, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    return pts

def merge(*tracks):
    rows = []
    for track in tracks:
        for s in track:
            rows.append((json.loads(s)["t"], s))
    rows.sort(key=lambda r: r[0])
    return [s for _, s in rows]

def screen(recognizers, **view):
    v = {"name": "screen", "frame": [0, 0, 390, 844], "multipleTouchEnabled": True}
    v.update(view)
    return {"gesturectl-scene": 1, "views": [v], "recognizers": recognizers}

R = "traces/recognizers"
# Swipes: a quick flick right (recognized mid-movement), a steady drag up (222 pt/s is still a swipe:
# the distance needed shrinks with time), and a two-finger swipe up.
write(f"{R}/swipe", "flick-right", screen([
    {"name": "swipeRight", "kind": "swipe", "view": "screen"},
    {"name": "swipeUpDown", "kind": "swipe", "view": "screen", "direction": ["up", "down"]},
    {"name": "twoFingerSwipeUp", "kind": "swipe", "view": "screen", "direction": "up", "numberOfTouchesRequired": 2},
]), path(0, 1, line(60, 400, 300, 410, 0.12)))
write(f"{R}/swipe", "steady-drag-up", None, path(0, 1, line(200, 700, 205, 500, 0.9)))
write(f"{R}/swipe", "two-finger-swipe-up", None, merge(
    path(0, 1, line(150, 600, 152, 380, 0.15)), path(0, 2, line(240, 605, 243, 385, 0.15))))
# Pinch out and rotation by a quarter turn clockwise.
pinch = []
rot = []
n = 36
for i in range(n + 1):
    f = i / n
    d = 60 + 90 * f
    a = math.radians(90 * f)
    pinch.append((i * HZ, 195 - d, 420, 195 + d, 420))
    rot.append((i * HZ, 195 - 80 * math.cos(a), 420 - 80 * math.sin(a), 195 + 80 * math.cos(a), 420 + 80 * math.sin(a)))
def two(pts):
    return merge(path(0, 1, [(t, x1, y1) for t, x1, y1, _, _ in pts]), path(0, 2, [(t, x2, y2) for t, _, _, x2, y2 in pts]))
scene2 = screen([{"name": "zoom", "kind": "pinch", "view": "screen"}, {"name": "turn", "kind": "rotation", "view": "screen"}])
for r in scene2["recognizers"]: r["simultaneousWith"] = ["*"]
write(f"{R}/pinch-rotation", "pinch-out", scene2, two(pinch))
write(f"{R}/pinch-rotation", "quarter-turn", None, two(rot))
# Screen-edge pan: from the left edge, and from the middle (fails at touch down).
write(f"{R}/screen-edge-pan", "from-left-edge", screen([
    {"name": "back", "kind": "screenEdgePan", "view": "screen", "edges": ["left"]}]),
    path(0, 1, line(3, 400, 200, 405, 0.3, ease=True)))
write(f"{R}/screen-edge-pan", "from-the-middle", None, path(0, 1, line(150, 400, 340, 405, 0.3, ease=True)))
# Multi-finger taps and a tap-then-hold long press.
write(f"{R}/multi-finger", "two-finger-tap", screen([
    {"name": "twoFingerTap", "kind": "tap", "view": "screen", "numberOfTouchesRequired": 2, "simultaneousWith": ["*"]},
    {"name": "twoFingerDoubleTap", "kind": "tap", "view": "screen", "numberOfTouchesRequired": 2, "numberOfTapsRequired": 2, "simultaneousWith": ["*"]},
    {"name": "tapAndHold", "kind": "longPress", "view": "screen", "numberOfTapsRequired": 1, "simultaneousWith": ["*"]},
    {"name": "twoFingerPan", "kind": "pan", "view": "screen", "minimumNumberOfTouches": 2, "simultaneousWith": ["*"]},
]), merge(path(0, 1, [(0, 150, 400), (0.07, 150, 400)]), path(0.016, 2, [(0, 230, 410), (0.07, 230, 410)])))
write(f"{R}/multi-finger", "tap-then-hold", None, path(0, 1, [(0, 200, 500), (0.06, 200, 500)]) + path(0.2, 1, [(0, 202, 501), (0.9, 202, 501)]))
write(f"{R}/multi-finger", "two-finger-pan", None, merge(
    path(0, 1, line(150, 600, 150, 350, 0.4, ease=True)), path(0, 2, line(240, 600, 240, 350, 0.4, ease=True))))

E = "traces/event-model"
card = {"name": "card", "frame": [20, 100, 350, 200], "children": [
    {"name": "badge", "frame": [300, 10, 40, 40]}]}
# hitTest "self": the card keeps touches from its badge, so the badge's tap never sees them.
write(f"{E}/hit-test-self", "tap-on-badge", {"gesturectl-scene": 1,
    "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [dict(card, hitTest="self")]}],
    "recognizers": [{"name": "badgeTap", "kind": "tap", "view": "badge"}, {"name": "cardTap", "kind": "tap", "view": "card"}]},
    path(0, 1, [(0, 340, 130), (0.06, 340, 130)]))
# hitInsets: a small button whose touch area is enlarged by 15 pt on every side.
write(f"{E}/hit-insets", "tap-near-button", {"gesturectl-scene": 1,
    "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [
        {"name": "close", "frame": [340, 40, 30, 30], "hitInsets": [-15, -15, -15, -15]}]}],
    "recognizers": [{"name": "closeTap", "kind": "tap", "view": "close"}, {"name": "rootTap", "kind": "tap", "view": "root"}]},
    path(0, 1, [(0, 330, 35), (0.06, 330, 35)]) + path(0.5, 1, [(0, 300, 35), (0.06, 300, 35)]))
# A window observer sees every touch; touches that begin while the app ignores interaction reach nobody.
write(f"{E}/window-observer", "ignoring-interaction", {"gesturectl-scene": 1,
    "views": [{"name": "root", "frame": [0, 0, 390, 844], "children": [card]}],
    "recognizers": [{"name": "idleTimerReset", "kind": "tap", "view": "window", "cancelsTouchesInView": False},
                    {"name": "cardTap", "kind": "tap", "view": "card", "simultaneousWith": ["idleTimerReset"]}]},
    path(0, 1, [(0, 100, 150), (0.06, 100, 150)])
    + [other(0.3, "application", "beginIgnoringInteractionEvents")]
    + path(0.4, 1, [(0, 100, 150), (0.06, 100, 150)])
    + [other(0.6, "application", "endIgnoringInteractionEvents")]
    + path(0.8, 1, [(0, 100, 600), (0.06, 100, 600)]))
