/// The replay page's script, in four parts written one after the other into one `<script>`
/// element: the model (this file: the data read into touches, lanes and states at a time), the
/// screen (``ReplayScript/screen``), the timeline (``ReplayScript/timeline``) and the controls
/// (``ReplayScript/controls``: the panel, playing, keys, the address fragment).
///
/// The model reads records generically: a transition's figures are the keys it has, and every key
/// that is neither an identity, a state nor a figure (`reason`, and any explanation a later version
/// adds) is shown as an explanation, so new keys appear without the page changing.
enum ReplayScript {
    static let model = #"""
        "use strict";
        const D = JSON.parse(document.getElementById("replay-data").textContent);
        const PHASES = ["began", "moved", "stationary", "ended", "cancelled"];
        const EPS = 1e-9;
        const TRAIL = 0.35;
        const FIGURE_KEYS = ["location", "touches", "translation", "velocity", "scale", "rotation", "direction", "taps", "template", "score"];
        const IDENTITY_KEYS = new Set(["type", "t", "recognizer", "kind", "view", "state", "line", "index"]);
        const TERMINAL = new Set(["ended", "recognized", "failed", "cancelled"]);

        function fmt(value, digits) {
          if (typeof value !== "number" || !isFinite(value)) return String(value);
          let text = value.toFixed(digits);
          if (text.indexOf(".") >= 0) text = text.replace(/0+$/, "").replace(/\.$/, "");
          return text === "-0" ? "0" : text;
        }
        function esc(text) {
          return String(text).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" })[c]);
        }
        /** The index of the last element of `items` whose `key` is at or before `t`, or -1. */
        function lastAt(items, t, key) {
          let low = 0, high = items.length - 1, found = -1;
          while (low <= high) {
            const mid = (low + high) >> 1;
            if (key(items[mid]) <= t + EPS) { found = mid; low = mid + 1; } else { high = mid - 1; }
          }
          return found;
        }
        function figureText(key, value) {
          if (value && typeof value === "object") {
            if ("x" in value && "y" in value) return "(" + fmt(value.x, 2) + ", " + fmt(value.y, 2) + ")";
            return JSON.stringify(value);
          }
          if (typeof value === "number") return fmt(value, key === "scale" || key === "rotation" || key === "score" ? 4 : 2);
          return String(value);
        }
        /** Every key of a transition that explains it (`reason`, and any other the records carry). */
        function explanations(record) {
          const found = [];
          for (const key of Object.keys(record)) {
            if (IDENTITY_KEYS.has(key) || FIGURE_KEYS.indexOf(key) >= 0) continue;
            found.push([key, typeof record[key] === "string" ? record[key] : JSON.stringify(record[key])]);
          }
          return found;
        }

        // Samples: strokes (one finger from began to its end), other samples, and every time.
        const strokes = [];
        const otherSamples = [];
        const sampleTimes = [];
        const sampleLines = [];
        const downPeriods = [];
        (function () {
          const open = new Map();
          let down = 0;
          D.samples.forEach(s => {
            const t = s[0];
            if (s.length >= 6) {
              const point = { t: t, id: s[1], phase: PHASES[s[2]] || "moved", x: s[3], y: s[4], line: s[5] };
              const key = String(s[1]);
              let stroke = open.get(key);
              if (point.phase === "began" || !stroke) {
                if (!stroke) { if (down === 0) downPeriods.push({ start: t, end: null }); down += 1; }
                stroke = { id: s[1], index: strokes.length, points: [], hit: s.length > 6 ? s[6] : null };
                strokes.push(stroke);
                open.set(key, stroke);
              }
              stroke.points.push(point);
              if (point.phase === "ended" || point.phase === "cancelled") {
                open.delete(key);
                down -= 1;
                if (down === 0) downPeriods[downPeriods.length - 1].end = t;
              }
              sampleLines.push([t, point.line]);
            } else {
              otherSamples.push({ t: t, label: s[1], line: s[2] });
              sampleLines.push([t, s[2]]);
            }
            if (!sampleTimes.length || t > sampleTimes[sampleTimes.length - 1] + EPS) sampleTimes.push(t);
          });
        })();
        /**
         * When recognizers are reset to possible after a final state at `t`: when the last of the
         * touches down then lifts (UIKit resets at the end of the touch sequence), or at once when
         * none is down (a tap recognized once the double-tap interval has passed).
         */
        function resetAfter(t) {
          const index = lastAt(downPeriods, t, period => period.start);
          if (index < 0) return t;
          const end = downPeriods[index].end;
          if (end === null) return range.end;
          return end >= t - EPS ? end : t;
        }

        // Lanes: recognizers (the scene's and those only the records name), controls, scroll views, responders.
        const records = D.records.map((record, index) => Object.assign(record, { line: D.recordLines[index] || 0, index: index }));
        const recognizerLanes = D.lanes.map(lane => ({ name: lane.name, kind: lane.kind, view: lane.view, transitions: [], golden: [] }));
        const laneByName = new Map(recognizerLanes.map(lane => [lane.name, lane]));
        const controlLanes = new Map();
        const scrollLanes = new Map();
        const responderLanes = new Map();
        function visit(views, visitor) {
          for (const view of views) { visitor(view); if (view.children) visit(view.children, visitor); }
        }
        visit(D.views, view => {
          if (view.control) controlLanes.set(view.name, { name: view.name, kind: view.control.kind, initial: view.control.value, records: [] });
          if (view.scroll) scrollLanes.set(view.name, { name: view.name, initial: view.scroll.contentOffset, records: [] });
        });
        for (const record of records) {
          if (record.type === "transition") {
            const lane = laneByName.get(record.recognizer);
            if (lane) lane.transitions.push(record);
          } else if (record.type === "control") {
            const lane = controlLanes.get(record.control);
            if (lane) lane.records.push(record);
          } else if (record.type === "scroll") {
            const lane = scrollLanes.get(record.scrollView);
            if (lane) lane.records.push(record);
          } else if (record.type === "delivery" && D.deliveries) {
            if (!responderLanes.has(record.responder)) responderLanes.set(record.responder, { name: record.responder, records: [] });
            responderLanes.get(record.responder).records.push(record);
          }
        }
        for (const record of D.golden || []) {
          if (record.type !== "transition" && record.type !== undefined) continue;
          const lane = laneByName.get(record.recognizer);
          if (lane) lane.golden.push(record);
        }

        const range = (function () {
          let start = Infinity, end = -Infinity;
          const see = t => { if (typeof t === "number" && isFinite(t)) { start = Math.min(start, t); end = Math.max(end, t); } };
          D.samples.forEach(s => see(s[0]));
          records.forEach(r => see(r.t));
          (D.golden || []).forEach(r => see(r.t));
          if (!isFinite(start)) { start = 0; end = 1; }
          if (end - start < 1e-6) end = start + 0.1;
          return { start: start, end: end };
        })();
        const stepTimes = (function () {
          const times = [];
          for (const record of records) if (record.type === "transition" || record.type === "control") times.push(record.t);
          times.sort((a, b) => a - b);
          return times.filter((t, i) => i === 0 || t > times[i - 1] + EPS);
        })();

        /** A recognizer's state at `t`: its last transition then, and whether it has been reset since. */
        function recognizerAt(lane, t) {
          const index = lastAt(lane.transitions, t, r => r.t);
          if (index < 0) return { state: "possible", record: null, faded: false };
          const record = lane.transitions[index];
          const faded = TERMINAL.has(record.state) && t > resetAfter(record.t) + EPS;
          return { state: record.state, record: record, faded: faded };
        }
        function goldenAt(lane, t) {
          const index = lastAt(lane.golden, t, r => r.t);
          return index < 0 ? null : lane.golden[index];
        }
        /** The fingers at `t`: each stroke begun by then and not over before it, with its last point. */
        function fingersAt(t) {
          const fingers = [];
          for (const stroke of strokes) {
            const first = stroke.points[0];
            if (first.t > t + EPS) continue;
            const index = lastAt(stroke.points, t, p => p.t);
            const point = stroke.points[index];
            const over = point.phase === "ended" || point.phase === "cancelled";
            if (over && point.t < t - EPS) continue;
            fingers.push({ stroke: stroke, point: point });
          }
          return fingers;
        }
        function scrollAt(lane, t) {
          const index = lastAt(lane.records, t, r => r.t);
          if (index < 0) return { offset: { x: lane.initial[0], y: lane.initial[1] }, zoom: 1, event: null };
          let zoom = 1;
          for (let i = index; i >= 0; i--) if (typeof lane.records[i].zoomScale === "number") { zoom = lane.records[i].zoomScale; break; }
          return { offset: lane.records[index].contentOffset, zoom: zoom, event: lane.records[index] };
        }
        function controlAt(lane, t) {
          const index = lastAt(lane.records, t, r => r.t);
          let value = lane.initial, tracking = false;
          for (let i = 0; i <= index; i++) {
            const record = lane.records[i];
            if (record.value !== undefined) value = record.value;
            if (record.event === "touchDown") tracking = true;
            if (record.event === "touchUpInside" || record.event === "touchUpOutside" || record.event === "touchCancel") tracking = false;
          }
          return { value: value, tracking: tracking, event: index < 0 ? null : lane.records[index] };
        }
        function sampleLineAt(t) {
          const index = lastAt(sampleLines, t, s => s[0]);
          return index < 0 ? null : { number: index + 1, line: sampleLines[index][1] };
        }

        """#
}
