/// The replay page's style sheet: light by default, dark when the system asks for it
/// (`prefers-color-scheme`). The timeline's canvas reads its colours from the same custom
/// properties, so both schemes come from this one place.
enum ReplayStyle {
    static let css = """
        :root {
          --bg: #f7f8fa; --panel: #ffffff; --ink: #1d2330; --muted: #5f6b7d; --line: #d9dee6; --grid: #eceff4;
          --screen: #ffffff; --view: #6b7a8f; --view-fill: rgba(135, 149, 168, 0.06); --hit: #1f6fd1; --hit-fill: rgba(31, 111, 209, 0.1);
          --control: #7b4fc9; --content: rgba(135, 149, 168, 0.35);
          --possible: #c3cad5; --active: #2e9d4a; --ended: #1b6e31; --recognized: #1b6e31; --failed: #d33a36; --cancelled: #ef8a17;
          --failed-band: rgba(211, 58, 54, 0.18); --cancelled-band: rgba(239, 138, 23, 0.2); --ended-band: rgba(27, 110, 49, 0.14);
          --event: #1f6fd1; --playhead: #e0336f; --lane-alt: #f2f4f8; --golden: #8a94a6;
          --finger-1: #1f77b4; --finger-2: #d62728; --finger-3: #2ca02c; --finger-4: #9467bd; --finger-5: #ff7f0e; --finger-6: #17becf;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #14171c; --panel: #1c2027; --ink: #e6e9ef; --muted: #98a2b3; --line: #333a45; --grid: #262b33;
            --screen: #0f1216; --view: #8b99ad; --view-fill: rgba(139, 153, 173, 0.07); --hit: #5aa2ff; --hit-fill: rgba(90, 162, 255, 0.1);
            --control: #b38cff; --content: rgba(139, 153, 173, 0.35);
            --possible: #4a5260; --active: #4cc26a; --ended: #7ad98f; --recognized: #7ad98f; --failed: #ff6b66; --cancelled: #ffab4a;
            --failed-band: rgba(255, 107, 102, 0.2); --cancelled-band: rgba(255, 171, 74, 0.2); --ended-band: rgba(122, 217, 143, 0.14);
            --event: #5aa2ff; --playhead: #ff5c93; --lane-alt: #191d23; --golden: #7c8799;
            --finger-1: #5aa9e6; --finger-2: #ff6b6b; --finger-3: #5fd068; --finger-4: #b58cff; --finger-5: #ffa94d; --finger-6: #3dd6e0;
          }
        }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 16px 20px 28px; background: var(--bg); color: var(--ink);
          font: 14px/1.4 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        h1 { font-size: 19px; margin: 0; word-break: break-all; }
        h2 { font-size: 14px; margin: 0 12px 0 0; }
        #subtitle { margin: 2px 0 12px; color: var(--muted); font-size: 13px; }
        main { display: flex; gap: 18px; align-items: flex-start; flex-wrap: wrap; }
        #stage { flex: 0 0 auto; background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 10px; }
        #screen { display: block; }
        #screen .screen-bg { fill: var(--screen); stroke: var(--ink); stroke-width: 1.5; }
        #screen .view > rect.frame { fill: var(--view-fill); stroke: var(--view); stroke-width: 1; vector-effect: non-scaling-stroke; }
        #screen .view.hidden > rect.frame, #screen .view.no-interaction > rect.frame { stroke-dasharray: 4 3; }
        #screen .view.control > rect.frame { stroke: var(--control); stroke-width: 1.5; }
        #screen .view.hit > rect.frame { fill: var(--hit-fill); stroke: var(--hit); stroke-width: 2.5; }
        #screen .view > text { fill: var(--muted); }
        #screen .view.control > text { fill: var(--control); }
        #screen .view.hit > text { fill: var(--hit); font-weight: bold; }
        #screen .content-extent { fill: none; stroke: var(--content); stroke-dasharray: 2 4; vector-effect: non-scaling-stroke; }
        #screen .finger circle.dot { stroke: var(--screen); stroke-width: 2; fill-opacity: 0.85; }
        #screen .finger.lifting circle.dot { fill-opacity: 0.25; }
        #screen .finger text { font-weight: bold; fill: var(--ink); paint-order: stroke; stroke: var(--screen); stroke-width: 3px; }
        #screen .trail line { stroke-linecap: round; }
        .fingers { margin-top: 8px; font-size: 12px; color: var(--muted); min-height: 1.4em; }
        .fingers div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #side { flex: 1 1 440px; min-width: 360px; background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
        #transport { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; }
        button { font: inherit; font-size: 13px; color: var(--ink); background: var(--bg); border: 1px solid var(--line); border-radius: 6px;
          padding: 3px 9px; cursor: pointer; }
        button:hover { border-color: var(--muted); }
        button.on { background: var(--hit); border-color: var(--hit); color: #fff; }
        .group { display: inline-flex; gap: 2px; }
        #play { min-width: 76px; }
        #clock { margin: 10px 0 8px; font-size: 13px; color: var(--muted); }
        #clock b { color: var(--ink); font-size: 17px; font-variant-numeric: tabular-nums; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th { text-align: left; font-weight: 600; color: var(--muted); border-bottom: 1px solid var(--line); padding: 4px 6px; }
        td { border-bottom: 1px solid var(--grid); padding: 5px 6px; vertical-align: top; }
        tr.lane.faded td { opacity: 0.55; }
        td.name b { display: block; word-break: break-all; }
        td.name small, .muted { color: var(--muted); }
        .state { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; font-weight: 600; color: #fff; background: var(--possible); white-space: nowrap; }
        .state.possible { color: var(--ink); }
        .state.began, .state.changed { background: var(--active); }
        .state.ended, .state.recognized { background: var(--ended); }
        .state.failed { background: var(--failed); }
        .state.cancelled { background: var(--cancelled); }
        td.figures { font-variant-numeric: tabular-nums; font-size: 12px; }
        .reason { margin-top: 3px; color: var(--failed); cursor: pointer; }
        .jump { cursor: pointer; }
        .jump:hover, .reason:hover { text-decoration: underline; }
        .reason.cancelled { color: var(--cancelled); }
        .reason .line { color: var(--muted); }
        .golden-state { display: block; color: var(--golden); font-size: 11px; margin-top: 2px; }
        .golden-state.differs { color: var(--failed); font-weight: 600; }
        #controls-state { margin-top: 8px; font-size: 12px; color: var(--muted); }
        #timeline-section { margin-top: 18px; background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
        .timeline-bar { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-bottom: 6px; }
        .hint { color: var(--muted); font-size: 12px; }
        #timeline { position: relative; cursor: crosshair; user-select: none; touch-action: none; }
        #timeline-canvas { display: block; width: 100%; }
        #playhead { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: var(--playhead); pointer-events: none; }
        #playhead-time { position: absolute; bottom: 0; left: 4px; font-size: 11px; font-weight: 600; color: var(--playhead); background: var(--panel);
          padding: 0 3px; border-radius: 3px; white-space: nowrap; font-variant-numeric: tabular-nums; }
        #legend { display: flex; flex-wrap: wrap; gap: 14px; margin-top: 8px; font-size: 12px; color: var(--muted); }
        #legend i { display: inline-block; width: 22px; height: 10px; border-radius: 3px; margin-right: 5px; vertical-align: -1px; }
        #why-section { margin-top: 18px; }
        #why { margin: 6px 0 0; padding-left: 28px; font-size: 13px; }
        #why li { margin: 3px 0; cursor: pointer; }
        #why li:hover { text-decoration: underline; }
        #why li.current { font-weight: 600; }
        #why .when { color: var(--muted); font-variant-numeric: tabular-nums; }
        .warning { color: var(--failed); }
        """
}
