// The generic replay viewer: rebuilds each event's public state from the embedded patches,
// lists the events, steps with a slider, buttons and keys, draws the score curve, and hands
// the board to the game's renderer (the script its descriptor names, registered with
// Replay.register).
"use strict";
const Replay = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const PALETTE = {blue: "#2f6fd6", red: "#d0342c", yellow: "#e2b200", green: "#2e9e4f",
    purple: "#8a4fd0", orange: "#e67e22", black: "#333333", white: "#9a9a9a"};
  const renderers = {};

  // --- small SVG helpers shared by the renderers -------------------------------------------
  function el(parent, tag, attrs, content) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, v);
    if (content !== undefined && content !== null) node.textContent = String(content);
    if (parent) parent.appendChild(node);
    return node;
  }
  const draw = {
    el,
    g: (parent, attrs) => el(parent, "g", attrs),
    rect: (parent, x, y, w, h, attrs) => el(parent, "rect", Object.assign({x, y, width: w, height: h}, attrs)),
    circle: (parent, cx, cy, r, attrs) => el(parent, "circle", Object.assign({cx, cy, r}, attrs)),
    line: (parent, x1, y1, x2, y2, attrs) => el(parent, "line", Object.assign({x1, y1, x2, y2, stroke: "#888"}, attrs)),
    text: (parent, x, y, content, attrs) => el(parent, "text", Object.assign({x, y}, attrs), content),
    title: (node, content) => { el(node, "title", {}, content); return node; },
    // seat p's framed panel headed by its label and strategy, thicker and marked while the
    // seat is to play (`now`), `note` after the heading; returns the panel's group
    seatPanel(parent, ctx, p, x, y, w, h, now, note) {
      const g = draw.g(parent, {class: "player", "data-seat": p});
      draw.rect(g, x, y, w, h, {fill: "#fff", stroke: ctx.colours[p], "stroke-width": now ? 4 : 2, rx: 6});
      draw.text(g, x + 8, y + 18, `${ctx.label(p)} ${ctx.header.strategies[p] || ""}${now ? " · to play" : ""}${note || ""}`,
        {"font-size": 13, "font-weight": 700, fill: ctx.colours[p]});
      return g;
    },
    // a row of coloured squares with counts: {kind: count} drawn in `order`
    pieces(parent, x, y, counts, colours, order, size) {
      size = size || 14;
      let cx = x;
      for (const kind of order || Object.keys(counts || {})) {
        const n = (counts || {})[kind] || 0;
        if (!n) continue;
        draw.title(draw.rect(parent, cx, y, size, size, {fill: colours[kind] || "#999", stroke: "#444", rx: 2}), `${n} ${kind}`);
        draw.text(parent, cx + size + 2, y + size - 3, n, {"font-size": size - 3});
        cx += size + 8 + String(n).length * (size - 6);
      }
      return cx;
    },
  };

  // --- the page ---------------------------------------------------------------------------
  function build(tag, attrs, parent, content) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (content !== undefined) node.textContent = content;
    if (parent) parent.appendChild(node);
    return node;
  }

  function applyPatch(prev, patch) {
    let root = Array.isArray(prev) ? prev.slice() : Object.assign({}, prev);
    const fresh = new Set([root]);
    for (const entry of patch) {
      const path = entry[0];
      if (path.length === 0) { root = entry[1]; fresh.add(root); continue; }
      let node = root;
      for (let i = 0; i < path.length - 1; i++) {
        let child = node[path[i]];
        if (!fresh.has(child)) {
          child = Array.isArray(child) ? child.slice() : Object.assign({}, child);
          node[path[i]] = child;
          fresh.add(child);
        }
        node = child;
      }
      const last = path[path.length - 1];
      if (entry.length === 1) delete node[last]; else node[last] = entry[1];
    }
    return root;
  }

  function states(data) {
    const out = [data.first];
    for (const patch of data.patches) out.push(applyPatch(out[out.length - 1], patch));
    return out;
  }

  function seatColour(header, p) {
    const name = (header.colours || [])[p] || "grey";
    return PALETTE[name] || name;
  }


  function value(v) {
    if (v === null || v === undefined) return "none";
    if (Array.isArray(v)) return v.map(value).join(" ");
    if (typeof v === "object") {
      const parts = Object.entries(v).map(([k, x]) => `${k} ${value(x)}`);
      return parts.length ? parts.join(", ") : "nothing";
    }
    return String(v);
  }

  // one line per event: the log's sentence (the trace's "text"), else seat, name, other keys
  function describe(label, event) {
    if (typeof event.text === "string") return event.text;
    const who = event.player === null || event.player === undefined ? "" : label(event.player) + " ";
    const rest = Object.entries(event).filter(([k]) => !["name", "player", "raw", "text"].includes(k))
      .map(([k, v]) => `${k.replace(/_/g, " ")}: ${value(v)}`);
    return `${who}${event.name.replace(/_/g, " ")}${rest.length ? " (" + rest.join("; ") + ")" : ""}`;
  }

  function start(node) {
    const data = JSON.parse(node.textContent);
    const header = data.header, events = data.events, final = data.final;
    const game = renderers[header.game];
    if (!game) throw new Error(`no renderer for game ${header.game}`);
    const all = states(data);
    const n = events.length;
    const colours = [...Array(header.players).keys()].map(p => seatColour(header, p));
    const ctx = {header, events, final, colours, draw, states: all, rules: data.rules || {}};
    ctx.label = p => (game.seatLabel ? game.seatLabel(p, ctx) : `P${p + 1}`);
    // per event, every seat's public score after it: the curve its game's descriptor declares
    const scores = data.scores, curve = scores;
    const rounds = [0];
    for (let k = 1; k < n; k++) if (game.roundStart(events[k], all[k], all[k - 1], ctx)) rounds.push(k);

    document.body.className = "replay";
    const top = build("header", {}, document.body);
    build("h1", {}, top, `${game.title} · seed ${header.seed} · ${header.players} players`);
    const legend = build("p", {class: "legend"}, top);
    for (let p = 0; p < header.players; p++) {
      const item = build("span", {class: "seat"}, legend);
      build("i", {style: `background:${colours[p]}`}, item);
      item.append(`${ctx.label(p)} ${(header.colours || [])[p] || ""}: ${(header.strategies || [])[p] || "?"}` +
        ` (final ${final.scores[p]}, rank ${final.ranks[p]})`);
    }
    const row = header.run_row ? `results row ${header.run_row.row} of run ${header.run_row.run}; ` : "";
    const variant = header.variant_name ? `variant ${header.variant_name}; ` : "";
    const overrides = Object.entries(header.variant_data || {}).map(([k, v]) => `${k}=${value(v)}`).join(", ");
    const error = final.error ? `engine error: ${final.error}; ` : "";
    const warning = ctx.rules.warning ? `${ctx.rules.warning}; ` : "";
    const sub = build("p", {class: "sub"}, top, `${row}${variant}${overrides ? `rules data ${overrides}; ` : ""}${error}${warning}` +
      "public state only. Keys: ← → event, ↑ ↓ (or p n) round, Home End. ");
    const switches = build("details", {}, sub);
    build("summary", {}, switches, "rule switches");
    switches.append(Object.entries(header.variant || {}).map(([k, v]) => `${k}=${value(v)}`).join(", "));

    const main = build("div", {class: "main"}, document.body);
    const board = build("div", {class: "board", id: "board"}, main);
    const svg = el(board, "svg", {viewBox: `0 0 ${game.width} ${game.height}`, id: "board-svg", role: "img"});
    const side = build("aside", {class: "events"}, main);
    const list = build("ol", {id: "events"}, side);
    const items = events.map((e, k) => {
      const li = build("li", {"data-k": k}, list, describe(ctx.label, e));
      if (rounds.includes(k)) li.classList.add("round");
      if (e.player !== null && e.player !== undefined) li.style.borderLeftColor = colours[e.player] || "#ccc";
      return li;
    });
    list.addEventListener("click", ev => {
      const li = ev.target.closest("li");
      if (li) go(Number(li.dataset.k));
    });

    const bar = build("div", {class: "controls"}, document.body);
    const buttons = [["|◀", "first event (Home)", () => go(0)], ["⇞", "previous round (↑, p)", () => round(-1)],
      ["◀", "previous event (←)", () => go(index - 1)], ["▶", "next event (→)", () => go(index + 1)],
      ["⇟", "next round (↓, n)", () => round(1)], ["▶|", "last event (End)", () => go(n - 1)]];
    for (const [text, title, act] of buttons) build("button", {title, type: "button"}, bar, text).addEventListener("click", act);
    const slider = build("input", {type: "range", min: 0, max: n - 1, value: 0, id: "slider", "aria-label": "event"}, bar);
    slider.addEventListener("input", () => go(Number(slider.value)));
    const where = build("span", {class: "where", id: "where"}, bar);

    const plot = build("div", {class: "curve"}, document.body);
    const flat = curve.flat();
    build("h2", {}, plot, `${data.score_label} of every seat (${Math.min(0, ...flat)} to ${Math.max(1, ...flat)}); click to jump`);
    const curveSvg = el(plot, "svg", {viewBox: "0 0 1000 180", id: "curve", preserveAspectRatio: "none"});
    const marker = drawCurve(curveSvg, curve, rounds, colours, n);
    curveSvg.addEventListener("click", ev => {
      const box = curveSvg.getBoundingClientRect();
      go(Math.round((ev.clientX - box.left) / box.width * (n - 1)));
    });

    let index = -1, linkTimer = null;
    function go(k) {
      k = Math.max(0, Math.min(n - 1, Math.round(k)));
      if (k === index) return index;
      if (index >= 0) items[index].classList.remove("now");
      index = k;
      items[k].classList.add("now");
      const box = side.getBoundingClientRect(), it = items[k].getBoundingClientRect();
      if (it.top < box.top || it.bottom > box.bottom) side.scrollTop += it.top - box.top - box.height / 3;
      slider.value = k;
      const s = all[k];
      where.textContent = `event ${k + 1} / ${n}` + (game.where ? ` · ${game.where(s, k, ctx)}` : "");
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      game.draw(svg, s, k, ctx);
      drawScores(svg, game, scores[k], ctx);
      const x = n > 1 ? k / (n - 1) * 1000 : 0;
      marker.setAttribute("x1", x); marker.setAttribute("x2", x);
      // a link to this event, once stepping pauses (browsers throttle history updates)
      clearTimeout(linkTimer);
      linkTimer = setTimeout(() => history.replaceState(null, "", `#event-${index + 1}`), 300);
      return index;
    }
    function round(dir) {
      if (dir > 0) return go(rounds.find(r => r > index) ?? n - 1);
      const before = rounds.filter(r => r < index);
      return go(before.length ? before[before.length - 1] : 0);
    }
    document.addEventListener("keydown", ev => {
      const keys = {ArrowRight: () => go(index + 1), ArrowLeft: () => go(index - 1), ArrowDown: () => round(1),
        ArrowUp: () => round(-1), n: () => round(1), p: () => round(-1), Home: () => go(0), End: () => go(n - 1)};
      if (ev.altKey || ev.ctrlKey || ev.metaKey || !keys[ev.key]) return;
      ev.preventDefault();
      keys[ev.key]();
    });
    const linked = /^#event-(\d+)$/.exec(location.hash);
    go(linked ? Number(linked[1]) - 1 : 0);
    window.replay = {go, next: () => go(index + 1), previous: () => go(index - 1), nextRound: () => round(1),
      previousRound: () => round(-1), index: () => index, count: () => n, rounds: () => rounds.slice(),
      state: k => all[k], scores: k => scores[k].slice(),
      drawnScores: () => [...svg.querySelectorAll(".score")].map(t => t.textContent)};
  }

  // the seats' scores in a fixed box at the board's top right (class "score", one per seat)
  function drawScores(svg, game, values, ctx) {
    const g = draw.g(svg, {class: "scores"});
    const x = game.width - 10 - 110 * values.length;
    draw.rect(g, x - 6, 4, 110 * values.length + 8, 30, {fill: "#fff", stroke: "#ccc", rx: 4});
    values.forEach((v, p) => {
      draw.circle(g, x + 110 * p + 8, 19, 7, {fill: ctx.colours[p]});
      draw.text(g, x + 110 * p + 20, 24, `${ctx.label(p)}`, {"font-size": 13});
      draw.text(g, x + 110 * p + 44, 25, game.formatScore ? game.formatScore(v) : v,
        {class: "score", "data-seat": p, "font-size": 16, "font-weight": 700});
    });
  }

  function drawCurve(svg, curve, rounds, colours, n) {
    const flat = curve.flat();
    const lo = Math.min(0, ...flat), hi = Math.max(1, ...flat);
    const X = k => (n > 1 ? k / (n - 1) * 1000 : 0), Y = v => 170 - (v - lo) / (hi - lo) * 160;
    for (const r of rounds) draw.line(svg, X(r), 0, X(r), 180, {stroke: "#e4e4e4", "vector-effect": "non-scaling-stroke"});
    draw.line(svg, 0, Y(0), 1000, Y(0), {stroke: "#bbb", "vector-effect": "non-scaling-stroke"});
    for (let p = 0; p < colours.length; p++) {
      const points = curve.map((v, k) => `${X(k).toFixed(1)},${Y(v[p]).toFixed(1)}`).join(" ");
      el(svg, "polyline", {points, fill: "none", stroke: colours[p], "stroke-width": 2, "vector-effect": "non-scaling-stroke",
        class: "seat-curve", "data-seat": p});
    }
    return draw.line(svg, 0, 0, 0, 180, {stroke: "#222", "stroke-dasharray": "4 3", "vector-effect": "non-scaling-stroke", id: "curve-now"});
  }

  return {register: (name, renderer) => { renderers[name] = renderer; }, start, draw, applyPatch, PALETTE};
})();
