/// The replay page of `gesturectl view`: one self-contained HTML document.
///
/// The page holds its style, its script and its data inline (``ReplayStyle``, ``ReplayScript``,
/// ``ReplayData``) and loads nothing: it opens from disk, from a CI artifact, offline, in any
/// current browser. The script draws the screen (views, fingers, trails, hit views), the timeline
/// (a lane per recognizer, control, scroll view and, with `--deliveries`, responder) and the states
/// at the playhead, from the data alone. The same run gives the same bytes.
///
/// What the page shows at the playhead is also in the document as elements with `data-`
/// attributes (`#clock[data-t]`, `.finger[data-id][data-x][data-y]`, `tr.lane[data-state]`,
/// `.reason[data-line]`), which is what the browser test reads (docs/viewing.md).
enum ReplayPage {
    /// The HTML document for `data`.
    static func html(_ data: ReplayData) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="gesturectl view">
            <title>\(HTMLReport.escaped(data.run.displayName)) · gesturectl view</title>
            <style>
            \(ReplayStyle.css)
            </style>
            </head>
            <body>
            \(body)
            <script type="application/json" id="replay-data">
            """
        page += "\n" + String(decoding: data.json(), as: UTF8.self)
        page += "\n</script>\n<script>\n"
        page += ReplayScript.model
        page += ReplayScript.screen
        page += ReplayScript.timeline
        page += ReplayScript.controls
        page += "</script>\n</body>\n</html>\n"
        return page
    }

    /// The page's fixed elements; the script fills them.
    private static let body = """
        <header>
        <h1 id="title"></h1>
        <p id="subtitle"></p>
        </header>
        <noscript><p class="warning">This page draws the replay with JavaScript: allow scripts for this file to see it.</p></noscript>
        <main>
        <section id="stage" aria-label="the screen at the playhead">
        <svg id="screen" role="img" aria-label="screen"></svg>
        <div id="fingers" class="fingers"></div>
        </section>
        <section id="side">
        <div id="transport">
        <button type="button" id="play" title="play or pause (space)">▶ play</button>
        <span class="group" role="group" aria-label="speed">
        <button type="button" class="speed" data-speed="0.1">0.1×</button><button type="button" class="speed" data-speed="0.25">0.25×</button><button type="button" class="speed" data-speed="1">1×</button>
        </span>
        <span class="group" role="group" aria-label="step">
        <button type="button" id="prev-transition" title="previous transition (↑ or shift+←)">«</button><button type="button" id="prev-sample" title="previous sample (←)">‹</button><button type="button" id="next-sample" title="next sample (→)">›</button><button type="button" id="next-transition" title="next transition (↓ or shift+→)">»</button>
        </span>
        </div>
        <div id="clock"></div>
        <table id="states"><thead><tr><th>recognizer</th><th>state</th><th>figures</th></tr></thead><tbody></tbody></table>
        <div id="controls-state"></div>
        </section>
        </main>
        <section id="timeline-section" aria-label="timeline">
        <div class="timeline-bar"><h2>Timeline</h2>
        <span class="group"><button type="button" id="zoom-in" title="zoom in (+)">+</button><button type="button" id="zoom-out" title="zoom out (−)">−</button><button type="button" id="zoom-all" title="the whole trace (0)">all</button></span>
        <span class="hint">click or drag to move · click a mark to jump to it · ←/→ samples · ↑/↓ transitions · space plays</span></div>
        <div id="timeline"><canvas id="timeline-canvas"></canvas><div id="playhead"><span id="playhead-time"></span></div></div>
        <div id="legend"></div>
        </section>
        <section id="why-section"><h2>Why</h2><ol id="why"></ol></section>
        """
}
