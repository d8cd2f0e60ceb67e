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


# The conflicts cookbook (docs/conflicts.md): the six conflicts iOS teams report most, each as a
# folder with the broken configuration and the usual fix side by side, the same traces in both.

def pair(folder, children, broken, fixed, traces, **root_extra):
    """traces/conflicts/FOLDER/broken and FOLDER/fixed: one root view, two sets of recognizers."""
    for name, recognizers in (("broken", broken), ("fixed", fixed)):
        scene = {"gesturectl-scene": 1, "views": [root(children, **root_extra)], "recognizers": recognizers}
        write_conflict(f"{folder}/{name}", scene, traces)


def stroke(t0, fid, x0, y0, length, degrees, dur, steps=None):
    """A straight drag of `length` pt at `degrees` (0 right, 90 down) over `dur`, from (x0, y0)."""
    a = math.radians(degrees)
    return drag(t0, fid, x0, y0, x0 + length * math.cos(a), y0 + length * math.sin(a), dur)


# 1. A bottom sheet whose pan should move it while its list is scrolled to the top
#    (FloatingPanel, PanModal): the list's own pan, deeper in the tree, wins every drag.
sheet_list = {"name": "sheet", "frame": [0, 300, 390, 544], "children": [
    {"name": "list", "frame": [0, 40, 390, 504], "scrollView": {"contentSize": [390, 2000]}}]}
pair("sheet-vs-inner-scroll", [sheet_list],
     [{"name": "sheetPan", "kind": "pan", "view": "sheet"}],
     [{"name": "sheetPan", "kind": "pan", "view": "sheet", "simultaneousWith": ["list.pan"]}],
     {"drag-down-at-top": drag(0, 1, 200, 500, 200, 700, 0.3),
      "drag-on-handle": drag(1.0, 1, 200, 320, 200, 520, 0.3)})

# 2. A swipe-to-reveal cell in a table (SwipeCellKit, MGSwipeTableCell): a swipe that drifts
#    13° downward is taken by the table's pan, which passes scrollHysteresis before the swipe has
#    gone swipeMinimumDistance.
table = {"name": "table", "frame": [0, 0, 390, 844], "scrollView": {"contentSize": [390, 3000]}, "children": [
    {"name": "cell", "frame": [0, 200, 390, 80]}]}
pair("swipe-cell-vs-table-scroll", [table],
     [{"name": "reveal", "kind": "swipe", "view": "cell", "direction": "left"}],
     [{"name": "reveal", "kind": "swipe", "view": "cell", "direction": "left", "simultaneousWith": ["table.pan"]}],
     {"swipe-13-degrees": stroke(0, 1, 330, 230, 160, 180 - 13, 0.2),
      "swipe-5-degrees": stroke(1.0, 1, 330, 230, 160, 180 - 5, 0.2)})

# 3. A tap recognizer on the whole screen that dismisses the keyboard (IQKeyboardManager): its
#    recognition cancels the touches of the cell under the finger, so the cell is never selected.
#    Buttons are safe: a control handles a single tap itself.
form = [{"name": "cells", "frame": [0, 100, 390, 400], "children": [
    {"name": "cell", "frame": [0, 100, 390, 60]}]},
    {"name": "send", "frame": [20, 600, 120, 44], "control": "button"}]
pair("global-tap-vs-cell-selection", form,
     [{"name": "dismissKeyboard", "kind": "tap", "view": "root"}],
     [{"name": "dismissKeyboard", "kind": "tap", "view": "root", "cancelsTouchesInView": False}],
     {"tap-cell": tap(0, 1, 200, 230), "tap-button": tap(1.0, 1, 60, 622)})

# 4. A photo viewer: double tap zooms, single tap toggles the chrome, the zooming scroll view pans
#    and pinches (FluidPhoto, IDMPhotoBrowser). Without requireToFail the single tap fires on the
#    first tap of every double tap; a second tap that drifts 12 pt is taken by the photo's pan.
photo = {"name": "photo", "frame": [0, 0, 390, 844],
         "scrollView": {"contentSize": [780, 1688], "contentOffset": [195, 422], "maximumZoomScale": 3},
         "children": [{"name": "image", "frame": [0, 0, 780, 1688]}]}
pinch = []
for i in range(25):
    f = i / 24
    phase = "began" if i == 0 else ("ended" if i == 24 else "moved")
    pinch.append(sample(2.0 + i * HZ, 1, phase, 195, 400 - 40 - 60 * f))
    pinch.append(sample(2.0 + i * HZ, 2, phase, 195, 400 + 40 + 60 * f))
pair("double-tap-vs-pinch-zoom", [photo],
     [{"name": "toggleChrome", "kind": "tap", "view": "image"},
      {"name": "zoomTap", "kind": "tap", "view": "image", "numberOfTapsRequired": 2}],
     [{"name": "toggleChrome", "kind": "tap", "view": "image", "requireToFail": ["zoomTap"]},
      {"name": "zoomTap", "kind": "tap", "view": "image", "numberOfTapsRequired": 2, "simultaneousWith": ["photo.pan"]}],
     {"double-tap": tap(0, 1, 200, 400) + tap(0.2, 1, 202, 401),
      "double-tap-drifting": tap(1.0, 1, 200, 400) + drag(1.2, 1, 202, 401, 202, 413, 0.06),
      "pinch": pinch},
     multipleTouchEnabled=True)

# 5. A full-screen pan (a custom dismiss or drawer) that kills the navigation back swipe
#    (FDFullscreenPopGesture, Hero, side menus): the content's pan begins first from the edge too.
pair("fullscreen-pan-vs-back-swipe", [{"name": "content", "frame": [0, 0, 390, 844]}],
     [{"name": "back", "kind": "screenEdgePan", "view": "root", "edges": ["left"]},
      {"name": "drawerPan", "kind": "pan", "view": "content"}],
     [{"name": "back", "kind": "screenEdgePan", "view": "root", "edges": ["left"]},
      {"name": "drawerPan", "kind": "pan", "view": "content", "requireToFail": ["back"]}],
     {"edge-swipe": drag(0, 1, 6, 400, 206, 404, 0.25), "mid-screen-drag": drag(1.0, 1, 150, 400, 300, 404, 0.25)})

# 6. A button in a scroll view highlights late (the content-touch delay, 0.15 s): a quick tap
#    shows touchDown only as it lifts. The fix hands touches over at once; the button in a scroll
#    view that fires during a scroll is button-in-scroll-view and its -override (touchesShouldCancel).
def buttons(delays):
    return [{"name": "feed", "frame": [0, 0, 390, 844],
             "scrollView": {"contentSize": [390, 3000], "delaysContentTouches": delays},
             "children": [{"name": "like", "frame": [20, 300, 100, 44], "control": "button"}]}]
for name, delays in (("broken", True), ("fixed", False)):
    scene = {"gesturectl-scene": 1, "views": [root(buttons(delays))], "recognizers": []}
    write_conflict(f"button-highlights-late/{name}", scene, {
        "quick-tap": tap(0, 1, 60, 322, dur=0.1), "press-and-hold": tap(1.0, 1, 60, 322, dur=0.5)})
