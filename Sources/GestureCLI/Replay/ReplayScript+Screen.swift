extension ReplayScript {
    /// The screen: the scene's views (scroll views' content moving with their offset and zoom,
    /// controls with their kind and value), the fingers with their trails, the views they hit.
    static let screen = #"""
        const SVG = "http://www.w3.org/2000/svg";
        const screenScale = Math.min(400 / Math.max(D.screen[0], 1), 560 / Math.max(D.screen[1], 1));
        const fingerColors = ["--finger-1", "--finger-2", "--finger-3", "--finger-4", "--finger-5", "--finger-6"];
        function svg(name, attributes, parent) {
          const element = document.createElementNS(SVG, name);
          for (const key in attributes) element.setAttribute(key, attributes[key]);
          if (parent) parent.appendChild(element);
          return element;
        }
        const screenElement = document.getElementById("screen");
        const viewElements = new Map();
        const scrollContents = new Map();
        const controlLabels = new Map();
        const fingerLayer = (function () {
          const root = screenElement;
          root.setAttribute("viewBox", "0 0 " + D.screen[0] + " " + D.screen[1]);
          root.setAttribute("width", Math.round(D.screen[0] * screenScale));
          root.setAttribute("height", Math.round(D.screen[1] * screenScale));
          root.style.fontSize = (11 / screenScale) + "px";
          document.getElementById("fingers").style.width = Math.round(D.screen[0] * screenScale) + "px";
          const clip = svg("clipPath", { id: "screen-clip" }, svg("defs", {}, root));
          svg("rect", { x: 0, y: 0, width: D.screen[0], height: D.screen[1] }, clip);
          svg("rect", { class: "screen-bg", x: 0, y: 0, width: D.screen[0], height: D.screen[1], rx: 6 / screenScale }, root);
          const views = svg("g", { "clip-path": "url(#screen-clip)" }, root);
          let clips = 0;
          function build(view, parent, labelShift) {
            const f = view.frame;
            const classes = ["view"];
            if (view.hidden) classes.push("hidden");
            if (view.noInteraction) classes.push("no-interaction");
            if (view.control) classes.push("control");
            const group = svg("g", { class: classes.join(" "), transform: "translate(" + f[0] + " " + f[1] + ")", "data-view": view.name }, parent);
            svg("rect", { class: "frame", x: 0, y: 0, width: f[2], height: f[3] }, group);
            // A view at its parent's origin writes its name under the parent's, not over it.
            const shift = f[0] === 0 && f[1] === 0 ? labelShift + 14 / screenScale : 0;
            const label = svg("text", { x: 4 / screenScale, y: 14 / screenScale + shift }, group);
            label.textContent = view.name;
            if (view.control) controlLabels.set(view.name, label);
            viewElements.set(view.name, group);
            let inner = group;
            if (view.scroll) {
              clips += 1;
              const id = "scroll-clip-" + clips;
              svg("rect", { x: 0, y: 0, width: f[2], height: f[3] }, svg("clipPath", { id: id }, group));
              const clipped = svg("g", { "clip-path": "url(#" + id + ")" }, group);
              inner = svg("g", { class: "content" }, clipped);
              svg("rect", { class: "content-extent", x: 0, y: 0, width: view.scroll.contentSize[0], height: view.scroll.contentSize[1] }, inner);
              scrollContents.set(view.name, inner);
            }
            for (const child of view.children || []) build(child, inner, shift);
          }
          D.views.forEach(view => build(view, views, -14 / screenScale));
          return svg("g", { id: "finger-layer" }, root);
        })();

        function colorOf(stroke) { return "var(" + fingerColors[stroke.index % fingerColors.length] + ")"; }

        function drawScreen(t) {
          for (const [name, group] of scrollContents) {
            const lane = scrollLanes.get(name);
            if (!lane) continue;
            const state = scrollAt(lane, t);
            group.setAttribute("transform", "translate(" + (-state.offset.x) + " " + (-state.offset.y) + ") scale(" + state.zoom + ")");
            // Names keep their size when the content is zoomed.
            group.style.fontSize = (11 / screenScale / (state.zoom > 0 ? state.zoom : 1)) + "px";
          }
          for (const [name, label] of controlLabels) {
            const lane = controlLanes.get(name);
            const state = controlAt(lane, t);
            const value = state.value === undefined ? "" : " = " + (typeof state.value === "number" ? fmt(state.value, 3) : state.value);
            label.textContent = name + " · " + lane.kind + value + (state.tracking ? " · tracking" : "");
            const group = viewElements.get(name);
            group.setAttribute("data-value", state.value === undefined ? "" : String(state.value));
            group.setAttribute("data-tracking", state.tracking ? "true" : "false");
          }
          const fingers = fingersAt(t);
          const hit = new Set(fingers.map(f => f.stroke.hit).filter(name => name));
          for (const [name, group] of viewElements) group.classList.toggle("hit", hit.has(name));
          while (fingerLayer.firstChild) fingerLayer.removeChild(fingerLayer.firstChild);
          // Trails: each finger's path over the last TRAIL seconds, older parts fainter.
          for (const stroke of strokes) {
            const points = stroke.points;
            if (points[0].t > t + EPS || points[points.length - 1].t < t - TRAIL) continue;
            const last = lastAt(points, t, p => p.t);
            const trail = svg("g", { class: "trail" }, fingerLayer);
            for (let i = last; i > 0; i--) {
              const age = t - points[i - 1].t;
              if (age > TRAIL) break;
              svg("line", {
                x1: points[i - 1].x, y1: points[i - 1].y, x2: points[i].x, y2: points[i].y, "stroke-width": 5 / screenScale,
                style: "stroke:" + colorOf(stroke) + ";stroke-opacity:" + fmt(Math.max(0.05, 0.9 * (1 - age / TRAIL)), 3),
              }, trail);
            }
          }
          const list = [];
          for (const finger of fingers) {
            const p = finger.point;
            const lifting = p.phase === "ended" || p.phase === "cancelled";
            const group = svg("g", {
              class: "finger" + (lifting ? " lifting" : ""), "data-id": String(finger.stroke.id), "data-x": String(p.x), "data-y": String(p.y),
              "data-phase": p.phase, "data-line": String(p.line), "data-view": finger.stroke.hit || "",
            }, fingerLayer);
            svg("circle", { class: "dot", cx: p.x, cy: p.y, r: 12 / screenScale, style: "fill:" + colorOf(finger.stroke) }, group);
            const label = svg("text", { x: p.x + 14 / screenScale, y: p.y - 12 / screenScale, style: "font-size:" + (13 / screenScale) + "px" }, group);
            label.textContent = String(finger.stroke.id);
            list.push("<div><span style=\"color:" + colorOf(finger.stroke) + "\">● " + esc(finger.stroke.id) + "</span> (" + fmt(p.x, 2) + ", " + fmt(p.y, 2) + ") " + p.phase
              + (finger.stroke.hit ? " on " + esc(finger.stroke.hit) : "") + "</div>");
          }
          document.getElementById("fingers").innerHTML = list.length ? list.join("") : "no finger down";
        }

        """#
}
