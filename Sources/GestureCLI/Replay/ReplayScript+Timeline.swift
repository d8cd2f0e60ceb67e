extension ReplayScript {
    /// The timeline: a canvas with a lane of touches, a lane per recognizer coloured by state (the
    /// golden file's transitions under it in `check`'s replays), a lane per control and scroll view
    /// with their events as marks, a lane per responder with `--deliveries`; drawn again only when
    /// its width, zoom or colour scheme changes (the playhead is an element moved over it).
    static let timeline = #"""
        const canvas = document.getElementById("timeline-canvas");
        const timelineElement = document.getElementById("timeline");
        const playheadElement = document.getElementById("playhead");
        const AXIS = 24, PAD_RIGHT = 14;
        let view = { start: range.start, end: range.end };
        let marks = [];
        let layout = null;
        function css(name) { return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888"; }

        function touchRows() {
          const ends = [], rowOf = [];
          for (const stroke of strokes) {
            const start = stroke.points[0].t, end = stroke.points[stroke.points.length - 1].t;
            let row = ends.findIndex(e => e < start - EPS);
            if (row < 0) { row = ends.length; ends.push(end); } else { ends[row] = end; }
            rowOf.push(row);
          }
          return { rows: Math.max(ends.length, 1), rowOf: rowOf };
        }
        const touchLayout = touchRows();

        /** The lanes from top to bottom, each with its label, height and what it draws. */
        function lanes() {
          const list = [{ kind: "touches", label: "touches", sub: strokes.length + (strokes.length === 1 ? " touch" : " touches"), height: Math.max(32, 12 + touchLayout.rows * 9) }];
          for (const lane of recognizerLanes) list.push({ kind: "recognizer", label: lane.name, sub: lane.kind + " on " + lane.view, lane: lane, height: D.golden ? 44 : 32 });
          for (const lane of controlLanes.values()) list.push({ kind: "control", label: lane.name, sub: lane.kind + " (control)", lane: lane, height: 32 });
          for (const lane of scrollLanes.values()) list.push({ kind: "scroll", label: lane.name, sub: "scroll view", lane: lane, height: 32 });
          for (const lane of responderLanes.values()) list.push({ kind: "responder", label: lane.name, sub: "deliveries", lane: lane, height: 32 });
          return list;
        }
        const timelineLanes = lanes();

        function tickStep(span) {
          const rough = Math.max(span, 1e-6) / 8;
          let power = Math.pow(10, Math.floor(Math.log10(rough)));
          for (const factor of [1, 2, 2.5, 5, 10]) if (power * factor >= rough) return power * factor;
          return power * 10;
        }

        function drawTimeline() {
          const dpr = window.devicePixelRatio || 1;
          const width = Math.max(timelineElement.clientWidth, 320);
          const context = canvas.getContext("2d");
          context.font = "bold 12px sans-serif";
          let labelWidth = 120;
          for (const lane of timelineLanes) labelWidth = Math.max(labelWidth, context.measureText(lane.label).width + 22);
          context.font = "11px sans-serif";
          for (const lane of timelineLanes) labelWidth = Math.max(labelWidth, context.measureText(lane.sub).width + 22);
          labelWidth = Math.min(labelWidth, Math.max(160, width * 0.4));
          const height = AXIS + timelineLanes.reduce((sum, lane) => sum + lane.height, 0) + 4;
          canvas.width = Math.round(width * dpr);
          canvas.height = Math.round(height * dpr);
          canvas.style.height = height + "px";
          context.setTransform(dpr, 0, 0, dpr, 0, 0);
          const left = labelWidth, right = width - PAD_RIGHT;
          const x = t => left + (t - view.start) / (view.end - view.start) * (right - left);
          layout = { left: left, right: right, x: x, width: width };
          marks = [];
          const colors = {};
          for (const name of ["ink", "muted", "line", "grid", "lane-alt", "possible", "active", "ended", "failed", "cancelled", "failed-band", "cancelled-band", "ended-band", "event", "golden", "panel"]) colors[name] = css("--" + name);
          context.clearRect(0, 0, width, height);
          // Lane backgrounds and labels.
          let top = AXIS;
          timelineLanes.forEach((lane, index) => {
            lane.top = top;
            if (index % 2 === 1) { context.fillStyle = colors["lane-alt"]; context.fillRect(0, top, width, lane.height); }
            context.fillStyle = colors.ink;
            context.font = "bold 12px sans-serif";
            context.fillText(fitText(context, lane.label, labelWidth - 16), 8, top + 13);
            context.fillStyle = colors.muted;
            context.font = "11px sans-serif";
            context.fillText(fitText(context, lane.sub, labelWidth - 16), 8, top + 25);
            if (D.golden && lane.kind === "recognizer") { context.fillStyle = colors.golden; context.fillText("golden file:", 8, top + 38); }
            top += lane.height;
          });
          // Axis and grid.
          const step = tickStep(view.end - view.start);
          context.strokeStyle = colors.grid;
          context.fillStyle = colors.muted;
          context.font = "11px sans-serif";
          context.textAlign = "center";
          for (let i = 0, tick = Math.ceil(view.start / step) * step; tick <= view.end + EPS && i < 100; i++, tick = (Math.ceil(view.start / step) + i) * step) {
            const tx = x(tick);
            context.beginPath(); context.moveTo(tx, AXIS - 6); context.lineTo(tx, height); context.stroke();
            context.fillText(fmt(tick, 4) + (i === 0 ? " s" : ""), tx, 13);
          }
          context.textAlign = "left";
          context.save();
          context.beginPath(); context.rect(left - 4, 0, right - left + 8, height); context.clip();
          for (const lane of timelineLanes) {
            if (lane.kind === "touches") drawTouches(context, lane, x, colors);
            else if (lane.kind === "recognizer") drawRecognizer(context, lane, x, colors);
            else if (lane.kind === "control") drawControl(context, lane, x, colors);
            else if (lane.kind === "scroll") drawScroll(context, lane, x, colors);
            else drawResponder(context, lane, x, colors);
          }
          context.restore();
          placePlayhead();
        }
        function fitText(context, text, room) {
          if (context.measureText(text).width <= room) return text;
          let cut = text;
          while (cut.length > 1 && context.measureText(cut + "…").width > room) cut = cut.slice(0, -1);
          return cut + "…";
        }
        function mark(lane, t, x, label) { marks.push({ top: lane.top, bottom: lane.top + lane.height, t: t, x: x, label: label }); }

        function drawTouches(context, lane, x, colors) {
          strokes.forEach((stroke, index) => {
            const start = x(stroke.points[0].t), end = x(stroke.points[stroke.points.length - 1].t);
            const y = lane.top + 6 + touchLayout.rowOf[index] * 9;
            context.fillStyle = css(fingerColors[stroke.index % fingerColors.length]);
            context.fillRect(start, y, Math.max(3, end - start), 7);
            mark(lane, stroke.points[0].t, start, "touch " + stroke.id + " began");
          });
          context.fillStyle = colors.muted;
          for (const sample of otherSamples) { diamond(context, x(sample.t), lane.top + lane.height - 6, 4); mark(lane, sample.t, x(sample.t), sample.label); }
        }

        function drawRecognizer(context, lane, x, colors) {
          const middle = lane.top + 16;
          context.strokeStyle = colors.line;
          context.beginPath(); context.moveTo(layout.left, middle); context.lineTo(layout.right, middle); context.stroke();
          drawStates(context, lane.lane.transitions, x, middle, 12, colors, lane);
          if (D.golden) {
            const y = lane.top + 35;
            drawStates(context, lane.lane.golden, x, y, 6, colors, null);
          }
        }
        /** Spans from began to ended or cancelled, and each final state's band until the reset. */
        function drawStates(context, transitions, x, middle, size, colors, lane) {
          let began = null;
          for (const record of transitions) {
            const rx = x(record.t);
            if (record.state === "began") { began = record; }
            if (record.state === "ended" || record.state === "cancelled") {
              const start = x(began ? began.t : record.t);
              context.fillStyle = colors.active;
              context.fillRect(start, middle - size / 2, Math.max(2, rx - start), size);
              began = null;
            }
            if (TERMINAL.has(record.state)) {
              const band = record.state === "failed" ? "failed-band" : record.state === "cancelled" ? "cancelled-band" : "ended-band";
              const end = x(resetAfter(record.t));
              context.fillStyle = colors[band];
              context.fillRect(rx, middle - size / 2, Math.max(2, end - rx), size);
              context.fillStyle = colors[record.state === "recognized" ? "ended" : record.state];
              if (record.state === "failed") cross(context, rx, middle, size * 0.45, colors.failed);
              else if (record.state === "recognized") diamond(context, rx, middle, size * 0.55);
              else context.fillRect(rx - 1.5, middle - size / 2 - 2, 3, size + 4);
            }
            if (lane && record.state !== "changed") mark(lane, record.t, rx, record.recognizer + " " + record.state);
          }
          if (began) {
            const start = x(began.t);
            context.fillStyle = colors.active;
            context.fillRect(start, middle - size / 2, Math.max(2, x(range.end) - start), size);
          }
        }
        function drawControl(context, lane, x, colors) {
          const middle = lane.top + 16;
          let down = null;
          context.fillStyle = colors.event;
          for (const record of lane.lane.records) {
            const rx = x(record.t);
            if (record.event === "touchDown") down = rx;
            if ((record.event === "touchUpInside" || record.event === "touchUpOutside" || record.event === "touchCancel") && down !== null) {
              context.globalAlpha = 0.25; context.fillRect(down, middle - 6, Math.max(2, rx - down), 12); context.globalAlpha = 1;
              down = null;
            }
            context.fillStyle = record.event === "touchCancel" ? colors.cancelled : colors.event;
            // Drags come with every sample: ticks; the other events: diamonds, clickable.
            if (record.event.indexOf("touchDrag") === 0 && record.event !== "touchDragEnter" && record.event !== "touchDragExit") {
              context.fillRect(rx - 0.5, middle - 3, 1, 6);
            } else {
              diamond(context, rx, middle, 5);
              mark(lane, record.t, rx, record.control + " " + record.event);
            }
          }
          if (down !== null) { context.globalAlpha = 0.25; context.fillRect(down, middle - 6, Math.max(2, x(range.end) - down), 12); context.globalAlpha = 1; }
        }
        function drawScroll(context, lane, x, colors) {
          const middle = lane.top + 16;
          let dragging = null, decelerating = null, zooming = null;
          for (const record of lane.lane.records) {
            const rx = x(record.t);
            if (record.event === "willBeginDragging") dragging = rx;
            if (record.event === "didEndDragging" && dragging !== null) {
              context.fillStyle = colors.event; context.globalAlpha = 0.45; context.fillRect(dragging, middle - 6, Math.max(2, rx - dragging), 12); context.globalAlpha = 1; dragging = null;
            }
            if (record.event === "willBeginDecelerating") decelerating = rx;
            if (record.event === "didEndDecelerating" && decelerating !== null) {
              context.fillStyle = colors.event; context.globalAlpha = 0.2; context.fillRect(decelerating, middle - 6, Math.max(2, rx - decelerating), 12); context.globalAlpha = 1; decelerating = null;
            }
            // Zooming: from the first didZoom to didEndZooming, a hatched-looking thinner span.
            if (record.event === "didZoom" && zooming === null) zooming = rx;
            if (record.event === "didEndZooming" && zooming !== null) {
              context.fillStyle = colors.event; context.globalAlpha = 0.35; context.fillRect(zooming, middle - 3, Math.max(2, rx - zooming), 6); context.globalAlpha = 1; zooming = null;
            }
            // didScroll and didZoom come with every frame: the spans show them; the other calls are marks.
            if (record.event !== "didScroll" && record.event !== "didZoom") {
              context.fillStyle = colors.event; diamond(context, rx, middle, 4); mark(lane, record.t, rx, record.scrollView + " " + record.event);
            }
          }
        }
        function drawResponder(context, lane, x, colors) {
          const middle = lane.top + 16;
          for (const record of lane.lane.records) {
            const rx = x(record.t);
            context.fillStyle = record.method === "touchesCancelled" ? colors.cancelled : record.method === "touchesBegan" || record.method === "touchesEnded" ? colors.ink : colors.muted;
            context.fillRect(rx - 0.75, middle - (record.method === "touchesMoved" ? 3 : 7), 1.5, record.method === "touchesMoved" ? 6 : 14);
            if (record.method !== "touchesMoved") mark(lane, record.t, rx, record.responder + " " + record.method);
          }
        }
        function diamond(context, cx, cy, size) {
          context.beginPath(); context.moveTo(cx, cy - size); context.lineTo(cx + size, cy); context.lineTo(cx, cy + size); context.lineTo(cx - size, cy); context.closePath(); context.fill();
        }
        function cross(context, cx, cy, size, color) {
          context.strokeStyle = color; context.lineWidth = 2.5;
          context.beginPath(); context.moveTo(cx - size, cy - size); context.lineTo(cx + size, cy + size); context.moveTo(cx + size, cy - size); context.lineTo(cx - size, cy + size); context.stroke();
          context.lineWidth = 1;
        }
        function placePlayhead() {
          if (!layout) return;
          const px = layout.x(current);
          playheadElement.style.display = px < layout.left - 1 || px > layout.right + 1 ? "none" : "block";
          playheadElement.style.left = px + "px";
          // The time beside the playhead, on the side with room.
          const label = document.getElementById("playhead-time");
          label.textContent = fmt(current, 4) + " s";
          label.style.left = px > layout.right - 70 ? "auto" : "4px";
          label.style.right = px > layout.right - 70 ? "4px" : "auto";
        }
        function timeAtPixel(px) {
          const t = view.start + (px - layout.left) / (layout.right - layout.left) * (view.end - view.start);
          return Math.min(range.end, Math.max(range.start, t));
        }
        function zoom(factor, around) {
          const span = Math.min(range.end - range.start, Math.max(1e-3, (view.end - view.start) * factor));
          const center = around === undefined ? current : around;
          let start = center - (center - view.start) * span / (view.end - view.start);
          start = Math.max(range.start, Math.min(start, range.end - span));
          view = { start: start, end: start + span };
          drawTimeline();
        }
        /** Keeps the playhead in view while playing or stepping. */
        function follow() {
          const span = view.end - view.start;
          if (current < view.start - EPS || current > view.end + EPS) {
            const start = Math.max(range.start, Math.min(current - span * 0.1, range.end - span));
            if (start === view.start) return;
            view = { start: start, end: start + span };
            drawTimeline();
          }
        }

        """#
}
