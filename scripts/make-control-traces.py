#!/usr/bin/env python3
"""Writes the controls-and-scroll-views examples of traces/conflicts/ (docs/controls-and-scrolling.md).

Run from the repository root, then bless goldens with `gesturectl check --update traces/conflicts`.
"""
from tracegen import drag, root, tap, write_conflict as write

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

# 4. A swipe over a horizontal gallery (a pager): the gallery's own pan begins at 10 pt and
#    would take every horizontal drag. Scene entries named after the scroll view's own recognizer
#    configure it: with `gallery.pan` requiring the swipe to fail, a flick is the swipe's and a
#    slow drag still pages once the swipe has failed; with the swipe requiring `gallery.pan` to
#    fail instead, every drag pages and the swipe never recognizes.
def gallery_scene(pan_waits):
    gallery = {"name": "gallery", "frame": [0, 200, 390, 300],
               "scrollView": {"contentSize": [1170, 300], "pagingEnabled": True}}
    swipe = {"name": "nextSwipe", "kind": "swipe", "direction": ["left"], "view": "root"}
    recognizers = [swipe]
    if pan_waits:
        recognizers.append({"name": "gallery.pan", "requireToFail": ["nextSwipe"]})
    else:
        swipe["requireToFail"] = ["gallery.pan"]
    return {"gesturectl-scene": 1, "views": [root([gallery])], "recognizers": recognizers}

gallery_traces = {
    "flick": drag(0, 1, 300, 350, 150, 350, 0.06),
    "slow-drag": drag(0, 1, 300, 350, 200, 350, 2.5),
}
write("swipe-in-gallery", gallery_scene(True), gallery_traces)
write("swipe-waits-for-gallery", gallery_scene(False), gallery_traces)
