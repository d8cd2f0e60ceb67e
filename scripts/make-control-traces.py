#!/usr/bin/env python3
"""Writes the controls-and-scroll-views examples of traces/conflicts/ (docs/controls-and-scrolling.md).

Run from the repository root, then bless goldens with `gesturectl check --update traces/conflicts`.
"""
import json, os

HZ = 1 / 120

def fmt(v):
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s

def sample(t, fid, phase, x, y):
    return '{"t":%s,"id":%d,"phase":"%s","x":%s,"y":%s}' % (fmt(t), fid, phase, fmt(round(x * 3) / 3), fmt(round(y * 3) / 3))

def write(folder, scene, traces):
    os.makedirs(f"traces/conflicts/{folder}", exist_ok=True)
    with open(f"traces/conflicts/{folder}/scene.json", "w") as f:
        f.write(json.dumps(scene, indent=2) + "\n")
    for name, samples in traces.items():
        with open(f"traces/conflicts/{folder}/{name}.jsonl", "w") as f:
            f.write('{"gesturectl":1,"screen":{"width":390,"height":844}}\n')
            f.write("\n".join(samples) + "\n")

def tap(t0, fid, x, y, dur=0.08):
    return [sample(t0, fid, "began", x, y), sample(t0 + dur, fid, "ended", x, y)]

def drag(t0, fid, x0, y0, x1, y1, dur, hold=0.0, rest=0.0):
    """Down at (x0, y0), still for `hold`, moved to (x1, y1) over `dur`, still for `rest`, lifted."""
    out = [sample(t0, fid, "began", x0, y0)]
    t = t0
    if hold:
        out.append(sample(t0 + hold, fid, "stationary", x0, y0))
        t = t0 + hold
    n = round(dur / HZ)
    for i in range(1, n + 1):
        f = i / n
        last = i == n and not rest
        out.append(sample(t + i * HZ, fid, "ended" if last else "moved", x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
    if rest:
        out.append(sample(t + dur + rest, fid, "ended", x1, y1))
    return out

def root(children):
    return {"name": "root", "frame": [0, 0, 390, 844], "children": children}

# 1. A button in a vertical list (the most common conflict): a quick drag scrolls and the button
#    never sees the touch; a quick tap reaches it at the lift; a held press reaches it after the
#    content-touch delay, and then a drag does not scroll (touchesShouldCancel(in:) is false for
#    a control) ...
def list_scene(override):
    scroll = {"contentSize": [390, 3000]}
    if override:
        scroll["touchesShouldCancelInControls"] = True
    return {"gesturectl-scene": 1, "views": [root([{
        "name": "list", "frame": [0, 0, 390, 844], "scrollView": scroll,
        "children": [{"name": "buy", "frame": [20, 100, 100, 44], "control": "button"}]}])]}

write("button-in-scroll-view", list_scene(False), {
    "quick-tap": tap(0, 1, 60, 120),
    "quick-drag": drag(0, 1, 60, 120, 60, 20, 0.25),
    "held-press-then-drag": drag(0, 1, 60, 120, 60, 20, 0.25, hold=0.4, rest=0.2),
})
# ... and with the common subclass's override (touchesShouldCancel(in:) true for controls too),
#    the same held press then drag scrolls and cancels the button's tracking.
write("button-in-scroll-view-override", list_scene(True), {
    "held-press-then-drag": drag(0, 1, 60, 120, 60, 20, 0.25, hold=0.4, rest=0.2),
})

# 2. A slider on a page of a horizontal pager: a quick drag on the knob pages (the pager's pan
#    begins before the content-touch delay is over); with delaysContentTouches off the slider has
#    the touch at once, and the pager's pan gives way (touchesShouldCancel(in:) is false for it).
def pager_scene(delays):
    pages = [{"name": f"page{i}", "frame": [390 * i, 0, 390, 844], "children": [
        {"name": f"volume{i}", "frame": [20, 400, 350, 44], "control": "slider", "value": 1}]} for i in range(2)]
    return {"gesturectl-scene": 1, "views": [root([{
        "name": "pager", "frame": [0, 0, 390, 844],
        "scrollView": {"contentSize": [780, 844], "pagingEnabled": True, "delaysContentTouches": delays},
        "children": pages}])]}

# The knob sits at the right end (value 1); the finger takes it left, towards the next page.
knob_drag = drag(0, 1, 355, 420, 155, 420, 0.2)
write("slider-in-pager", pager_scene(True), {"knob-drag": knob_drag})
write("slider-in-pager-no-delay", pager_scene(False), {"knob-drag": knob_drag})

# 3. A tap recognizer on a card holding a button: a tap on the button runs the button's action
#    and the card's tap fails ("Attaching gesture recognizers to UIKit controls"); a tap elsewhere
#    on the card is the card's.
write("tap-on-view-holding-button", {
    "gesturectl-scene": 1,
    "views": [root([{"name": "card", "frame": [20, 200, 350, 300], "children": [
        {"name": "like", "frame": [250, 240, 80, 44], "control": "button"}]}])],
    "recognizers": [{"name": "openCard", "kind": "tap", "view": "card"}],
}, {"tap-button": tap(0, 1, 300, 460), "tap-card": tap(0, 1, 100, 300)})
