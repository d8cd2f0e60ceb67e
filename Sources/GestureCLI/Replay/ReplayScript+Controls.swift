extension ReplayScript {
    /// The panel at the playhead, the Why list, playing and stepping, the keys, the timeline's
    /// pointer, and the address fragment (`#t=0.25` opens the page at that time; the fragment
    /// follows the playhead whenever it stops).
    static let controls = #"""
        let current = range.start;
        let playing = false, speed = 1, lastFrame = null;
        const playButton = document.getElementById("play");

        document.getElementById("title").textContent = D.title;
        document.getElementById("subtitle").textContent = [
          D.samples.length + (D.samples.length === 1 ? " sample" : " samples"),
          strokes.length + (strokes.length === 1 ? " touch" : " touches"),
          fmt(range.end - range.start, 3) + " s",
          "screen " + fmt(D.screen[0], 2) + "×" + fmt(D.screen[1], 2) + " pt",
          recognizerLanes.length + (recognizerLanes.length === 1 ? " recognizer" : " recognizers"),
          controlLanes.size ? controlLanes.size + (controlLanes.size === 1 ? " control" : " controls") : null,
          scrollLanes.size ? scrollLanes.size + (scrollLanes.size === 1 ? " scroll view" : " scroll views") : null,
          D.subtitle, D.golden ? "the golden file's transitions under each lane" : null,
        ].filter(part => part).join(" · ");

        function figures(record) {
          if (!record) return "";
          const parts = [];
          for (const key of FIGURE_KEYS) if (record[key] !== undefined) parts.push(key + " " + figureText(key, record[key]));
          return parts.join(" · ");
        }
        function reasonHTML(record, lane) {
          if (!record) return "";
          return explanations(record).map(([key, text]) =>
            "<div class=\"reason " + esc(record.state) + "\" data-jump=\"" + record.t + "\" data-name=\"" + esc(lane.name) + "\" data-key=\"" + esc(key) + "\" data-t=\"" + record.t
            + "\" data-line=\"" + record.line + "\" data-text=\"" + esc(text) + "\">" + (key === "reason" ? "" : esc(key) + ": ") + esc(text)
            + " <span class=\"line\">(at " + fmt(record.t, 4) + " s, trace line " + record.line + ")</span></div>").join("");
        }
        function drawPanel(t) {
          const rows = [];
          for (const lane of recognizerLanes) {
            const at = recognizerAt(lane, t);
            const record = at.record;
            let golden = "";
            if (D.golden) {
              const g = goldenAt(lane, t);
              const differs = (g ? g.state : "possible") !== at.state || (g && record && Math.abs(g.t - record.t) > 1e-6);
              golden = "<span class=\"golden-state" + (differs ? " differs" : "") + "\" data-golden-state=\"" + (g ? g.state : "possible") + "\">golden: "
                + (g ? g.state + " at " + fmt(g.t, 4) + " s" : "possible") + (differs ? " ≠" : "") + "</span>";
            }
            rows.push("<tr class=\"lane" + (at.faded ? " faded" : "") + "\" data-name=\"" + esc(lane.name) + "\" data-state=\"" + at.state + "\" data-t=\""
              + (record ? record.t : "") + "\" data-line=\"" + (record ? record.line : "") + "\"><td class=\"name\"><b>" + esc(lane.name) + "</b><small>"
              + esc(lane.kind) + " on " + esc(lane.view) + "</small></td><td><span class=\"state " + at.state + "\">" + at.state + "</span>"
              + (record ? "<br><small class=\"muted jump\" data-jump=\"" + record.t + "\">" + (at.faded ? "reset since; " : "") + "at " + fmt(record.t, 4) + " s</small>" : "") + golden
              + "</td><td class=\"figures\">" + esc(figures(record)) + reasonHTML(record, lane) + "</td></tr>");
          }
          document.querySelector("#states tbody").innerHTML = rows.join("");
          const others = [];
          for (const lane of controlLanes.values()) {
            const state = controlAt(lane, t);
            others.push("<div class=\"control-state\" data-name=\"" + esc(lane.name) + "\" data-value=\"" + esc(state.value === undefined ? "" : state.value)
              + "\" data-tracking=\"" + state.tracking + "\"><b>" + esc(lane.name) + "</b> " + esc(lane.kind)
              + (state.value === undefined ? "" : " value " + esc(typeof state.value === "number" ? fmt(state.value, 3) : state.value))
              + (state.tracking ? " · tracking" : "") + (state.event ? " · last <span class=\"jump\" data-jump=\"" + state.event.t + "\">" + esc(state.event.event) + " at " + fmt(state.event.t, 4) + " s</span>" : "") + "</div>");
          }
          for (const lane of scrollLanes.values()) {
            const state = scrollAt(lane, t);
            others.push("<div class=\"scroll-state\" data-name=\"" + esc(lane.name) + "\" data-offset-x=\"" + state.offset.x + "\" data-offset-y=\"" + state.offset.y
              + "\" data-zoom=\"" + state.zoom + "\"><b>" + esc(lane.name) + "</b> content offset (" + fmt(state.offset.x, 2) + ", " + fmt(state.offset.y, 2) + ")"
              + (state.zoom !== 1 ? " zoom " + fmt(state.zoom, 3) : "") + (state.event ? " · last " + esc(state.event.event) + " at " + fmt(state.event.t, 4) + " s" : "") + "</div>");
          }
          for (const lane of responderLanes.values()) {
            const index = lastAt(lane.records, t, r => r.t);
            if (index < 0) continue;
            const record = lane.records[index];
            const touches = (record.touches || []).join(", ");
            others.push("<div class=\"delivery-state\" data-responder=\"" + esc(lane.name) + "\" data-method=\"" + esc(record.method) + "\" data-t=\"" + record.t
              + "\" data-touches=\"" + esc(touches) + "\"><b>" + esc(lane.name) + "</b> last got <span class=\"jump\" data-jump=\"" + record.t + "\">" + esc(record.method)
              + (touches ? " (" + esc(touches) + ")" : "") + " at " + fmt(record.t, 4) + " s</span>"
              + (record.cancelledBy ? ", cancelled by " + esc(record.cancelledBy) : "") + (record.delayedBy ? ", delayed by " + esc(record.delayedBy) : "") + "</div>");
          }
          document.getElementById("controls-state").innerHTML = others.join("");
          const sample = sampleLineAt(t);
          const down = fingersAt(t).length;
          document.getElementById("clock").innerHTML = "<b id=\"time\" data-t=\"" + t + "\">" + fmt(t, 4) + " s</b> of " + fmt(range.end, 4) + " s"
            + (sample ? " · sample " + sample.number + " of " + D.samples.length + " · trace line " + sample.line : " · before the first sample")
            + " · " + down + (down === 1 ? " finger" : " fingers") + " down";
          for (const item of whyItems) item.element.classList.toggle("current", Math.abs(item.t - t) < EPS);
        }

        const whyItems = [];
        (function () {
          const list = document.getElementById("why");
          const entries = [];
          for (const lane of recognizerLanes) for (const record of lane.transitions) if (explanations(record).length) entries.push(record);
          entries.sort((a, b) => a.t - b.t || a.index - b.index);
          const limit = 1000;
          for (const record of entries.slice(0, limit)) {
            const item = document.createElement("li");
            item.dataset.t = String(record.t);
            item.innerHTML = "<span class=\"when\">" + fmt(record.t, 4) + " s</span> <b>" + esc(record.recognizer) + "</b> " + esc(record.state) + ": "
              + explanations(record).map(([key, text]) => (key === "reason" ? "" : esc(key) + ": ") + esc(text)).join("; ")
              + " <span class=\"muted\">(trace line " + record.line + ")</span>";
            item.addEventListener("click", () => { pause(); setTime(record.t); });
            list.appendChild(item);
            whyItems.push({ t: record.t, element: item });
          }
          if (entries.length > limit) {
            const more = document.createElement("li");
            more.textContent = "… and " + (entries.length - limit) + " more (run gesturectl analyze for all of them)";
            list.appendChild(more);
          }
          if (!entries.length) document.getElementById("why-section").style.display = "none";
        })();

        (function legend() {
          const items = [["--active", "began … changed"], ["--ended", "ended / recognized"], ["--failed", "failed (until the touches end)"], ["--cancelled", "cancelled"], ["--event", "control and scroll events"], ["--playhead", "playhead"]];
          if (D.golden) items.push(["--golden", "the golden file's transitions"]);
          document.getElementById("legend").innerHTML = items.map(([color, text]) => "<span><i style=\"background:var(" + color + ")\"></i>" + esc(text) + "</span>").join("");
        })();

        function render() {
          drawScreen(current);
          drawPanel(current);
          placePlayhead();
        }
        /** Moves the playhead to `t`, within the trace; a time from the address is taken as it is. */
        function setTime(t, fromAddress) {
          current = fromAddress ? t : Math.min(range.end, Math.max(range.start, t));
          follow();
          render();
          if (!playing && !fromAddress) rememberTime();
        }
        /** Puts the playhead's time in the address, so that it can be shared (not where a browser refuses it). */
        function rememberTime() {
          try { history.replaceState(null, "", "#t=" + current); } catch (error) { /* a file page some browsers keep as it is */ }
        }
        function frame(now) {
          if (!playing) return;
          if (lastFrame !== null) {
            const next = current + (now - lastFrame) / 1000 * speed;
            if (next >= range.end) { setTime(range.end); pause(); return; }
            setTime(next);
          }
          lastFrame = now;
          requestAnimationFrame(frame);
        }
        function play() {
          if (current >= range.end - EPS) setTime(range.start);
          playing = true; lastFrame = null;
          playButton.textContent = "❚❚ pause";
          requestAnimationFrame(frame);
        }
        function pause() {
          if (!playing) return;
          playing = false;
          playButton.textContent = "▶ play";
          rememberTime();
        }
        function step(times, direction) {
          const index = lastAt(times, current, t => t);
          let target;
          if (direction > 0) target = times[index + 1];
          else target = times[index] !== undefined && times[index] < current - EPS ? times[index] : times[index - 1];
          if (target !== undefined) { pause(); setTime(target); }
        }
        playButton.addEventListener("click", () => (playing ? pause() : play()));
        // A clicked button gives the keys back to the page: space then plays or pauses, not "clicks again".
        for (const button of document.querySelectorAll("button")) button.addEventListener("click", () => button.blur());
        // A transition's time or its reason in the panel jumps to it.
        for (const id of ["states", "controls-state"]) {
          document.getElementById(id).addEventListener("click", event => {
            const target = event.target.closest("[data-jump]");
            if (target) { pause(); setTime(Number(target.dataset.jump)); }
          });
        }
        function setSpeed(value) {
          speed = value;
          for (const button of document.querySelectorAll("button.speed")) button.classList.toggle("on", Number(button.dataset.speed) === value);
        }
        for (const button of document.querySelectorAll("button.speed")) button.addEventListener("click", () => setSpeed(Number(button.dataset.speed)));
        setSpeed(1);
        document.getElementById("prev-sample").addEventListener("click", () => step(sampleTimes, -1));
        document.getElementById("next-sample").addEventListener("click", () => step(sampleTimes, 1));
        document.getElementById("prev-transition").addEventListener("click", () => step(stepTimes, -1));
        document.getElementById("next-transition").addEventListener("click", () => step(stepTimes, 1));
        document.getElementById("zoom-in").addEventListener("click", () => zoom(0.5));
        document.getElementById("zoom-out").addEventListener("click", () => zoom(2));
        document.getElementById("zoom-all").addEventListener("click", () => { view = { start: range.start, end: range.end }; drawTimeline(); });
        document.addEventListener("keydown", event => {
          if (event.target && (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA")) return;
          const key = event.key;
          if (key === " ") { playing ? pause() : play(); }
          else if (key === "ArrowLeft") step(event.shiftKey ? stepTimes : sampleTimes, -1);
          else if (key === "ArrowRight") step(event.shiftKey ? stepTimes : sampleTimes, 1);
          else if (key === "ArrowUp") step(stepTimes, -1);
          else if (key === "ArrowDown") step(stepTimes, 1);
          else if (key === "Home") { pause(); setTime(range.start); }
          else if (key === "End") { pause(); setTime(range.end); }
          else if (key === "+" || key === "=") zoom(0.5);
          else if (key === "-") zoom(2);
          else if (key === "0") { view = { start: range.start, end: range.end }; drawTimeline(); }
          else return;
          event.preventDefault();
        });
        let dragging = false;
        timelineElement.addEventListener("pointerdown", event => {
          if (!layout) return;
          const box = timelineElement.getBoundingClientRect();
          const px = event.clientX - box.left, py = event.clientY - box.top;
          pause();
          let best = null;
          for (const m of marks) if (py >= m.top && py < m.bottom && Math.abs(m.x - px) <= 6 && (!best || Math.abs(m.x - px) < Math.abs(best.x - px))) best = m;
          if (best) { setTime(best.t); return; }
          dragging = true;
          timelineElement.setPointerCapture(event.pointerId);
          setTime(timeAtPixel(px));
        });
        timelineElement.addEventListener("pointermove", event => {
          if (!dragging) {
            if (!layout) return;
            const box = timelineElement.getBoundingClientRect();
            const px = event.clientX - box.left, py = event.clientY - box.top;
            const near = marks.find(m => py >= m.top && py < m.bottom && Math.abs(m.x - px) <= 6);
            timelineElement.title = near ? near.label + " at " + fmt(near.t, 4) + " s (click to jump)" : "";
            return;
          }
          setTime(timeAtPixel(event.clientX - timelineElement.getBoundingClientRect().left));
        });
        timelineElement.addEventListener("pointerup", () => { dragging = false; });
        timelineElement.addEventListener("wheel", event => {
          if (!layout || event.deltaY === 0 || !(event.ctrlKey || event.altKey)) return;
          event.preventDefault();
          zoom(event.deltaY > 0 ? 1.25 : 0.8, timeAtPixel(event.clientX - timelineElement.getBoundingClientRect().left));
        }, { passive: false });
        function fromHash() {
          const match = /(?:^#|&)t=([-+0-9.eE]+)/.exec(location.hash);
          return match && isFinite(Number(match[1])) ? Number(match[1]) : null;
        }
        window.addEventListener("hashchange", () => { const t = fromHash(); if (t !== null) { pause(); setTime(t, true); } });
        window.addEventListener("resize", drawTimeline);
        if (window.matchMedia) {
          const scheme = window.matchMedia("(prefers-color-scheme: dark)");
          const redraw = () => { drawTimeline(); render(); };
          if (scheme.addEventListener) scheme.addEventListener("change", redraw); else if (scheme.addListener) scheme.addListener(redraw);
        }
        current = (function () { const t = fromHash(); return t === null ? range.start : t; })();
        drawTimeline();
        render();
        document.body.dataset.ready = "true";

        """#
}
