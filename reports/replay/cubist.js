// Cubist: each seat's two work rooms and the museum drawn in an isometric view (a column of
// dice as stacked cubes, the top die's value on top; a museum die in its owner's colour), the
// installation display (each card's plan, points and museum dice, from the page's rules
// values), the artists with the dice on them, and per seat its supply, warehouse, storage and
// completed cards. Reads docs/trace-format-cubist.md.
"use strict";
(() => {
  const D = Replay.draw;
  const nice = key => String(key).replace(/_/g, " ");

  // a picture row ("6   5^2 .") -> cells: {h, v} a column, "empty" a free cell, null none
  function cells(row) {
    const out = [];
    for (let at = 0; at < row.length; at += 4) {
      const t = row.slice(at, at + 3).trim();
      if (t === "") out.push(null);
      else if (t === "." || t === "o") out.push("empty");
      else { const [v, h] = t.split("^"); out.push({v: Number(v), h: Number(h || 1)}); }
    }
    return out;
  }

  // an isometric picture of rows of cells, its top corner at (x, y), at most `w` wide; the
  // cube at row r, column c, level z (0: the ground) is colour(r, c, z) (or one colour); the
  // values are drawn last, over every cube, so no column hides another's
  function iso(parent, picture, x, y, w, colour, most) {
    const paint = typeof colour === "function" ? colour : () => colour;
    const grid = picture.map(cells);
    const rows = grid.length, cols = Math.max(1, ...grid.map(r => r.length));
    const a = Math.min(most || 16, w / (rows + cols)), b = a * 0.58, lift = a * 0.85;
    const g = D.g(parent, {class: "iso"});
    const at = (r, c, z) => [x + (c - r) * a + rows * a, y + (c + r) * b - z * lift + 4 * lift];
    const cellsInOrder = [], labels = [];
    grid.forEach((row, r) => row.forEach((cell, c) => cell !== null && cellsInOrder.push([r, c, cell])));
    cellsInOrder.sort((p, q) => (p[0] + p[1]) - (q[0] + q[1]));
    for (const [r, c, cell] of cellsInOrder) {
      const [px, py] = at(r, c, 0);
      D.el(g, "path", {d: `M${px},${py} l${a},${b} l${-a},${b} l${-a},${-b} z`, fill: "#eee", stroke: "#bbb"});
      if (cell === "empty") continue;
      for (let z = 0; z < cell.h; z++) {
        const [qx, qy] = at(r, c, z + 1), hue = paint(r, c, z);
        D.el(g, "path", {d: `M${qx - a},${qy + b} l${a},${b} v${lift} l${-a},${-b} z`, fill: shade(hue, 0.75), stroke: "#333", "stroke-width": 0.6});
        D.el(g, "path", {d: `M${qx},${qy + 2 * b} l${a},${-b} v${lift} l${-a},${b} z`, fill: shade(hue, 0.55), stroke: "#333", "stroke-width": 0.6});
        const top = D.el(g, "path", {d: `M${qx},${qy} l${a},${b} l${-a},${b} l${-a},${-b} z`, fill: shade(hue, 1), stroke: "#333", "stroke-width": 0.6, class: "die"});
        if (z === cell.h - 1) {
          D.title(top, `a column of ${cell.h} ${cell.h === 1 ? "die" : "dice"}, ${cell.v} on top`);
          labels.push([qx, qy + b + a * 0.3, cell.v]);
        }
      }
    }
    const size = Math.max(9, Math.min(15, a * 0.85));
    for (const [lx, ly, v] of labels)
      D.text(g, lx, ly, v, {"font-size": size, "text-anchor": "middle", "font-weight": 700, fill: "#fff",
        stroke: "#111", "stroke-width": size / 5, "paint-order": "stroke", "pointer-events": "none", class: "die-value"});
    return g;
  }

  function shade(hex, f) {
    const n = parseInt(hex.slice(1), 16);
    const ch = i => Math.round(((n >> i) & 255) * f).toString(16).padStart(2, "0");
    return `#${ch(16)}${ch(8)}${ch(0)}`;
  }

  const counts = m => Object.entries(m || {}).map(([v, n]) => n > 1 ? `${v}×${n}` : v).join(" ") || "none";
  const MUSEUM = "#8a7a66";   // the cornerstone, and any die whose owner the page cannot tell

  // who put each museum die, bottom up per picture cell "row,col", from the events so far
  function museumOwners(s, k, ctx) {
    const plan = (ctx.rules.museums || {})[s.museum_card], width = ctx.rules.museum_columns;
    const owners = {};
    if (!plan) return owners;
    const place = cell => `${plan.rows.indexOf(Math.floor(cell / width))},${plan.cols.indexOf(cell % width)}`;
    owners[place(plan.cornerstone)] = [null];
    for (let i = 0; i <= k; i++) {
      const e = ctx.events[i];
      if (e.name === "museum_die") (owners[place(e.cell)] = owners[place(e.cell)] || []).push(e.player);
    }
    return owners;
  }

  // an installation card: id, points, museum dice, and its plan (heights; "=v" a fixed value)
  function installation(parent, id, x, y, ctx) {
    const card = (ctx.rules.installations || {})[id];
    D.rect(parent, x, y, 140, 64, {fill: id ? "#fff7d6" : "#f4f4f4", stroke: "#aa9", rx: 4, class: "installation"});
    if (!id) { D.text(parent, x + 70, y + 36, "—", {"font-size": 12, "text-anchor": "middle"}); return; }
    D.text(parent, x + 6, y + 15, id, {"font-size": 12, "font-weight": 700});
    if (!card) return;
    D.text(parent, x + 6, y + 32, `${card.points} points`, {"font-size": 11});
    D.text(parent, x + 6, y + 48, `museum ${card.museum_dice.join("; ")}`, {"font-size": 10.5, fill: "#555"});
    const rows = card.plan.length, cols = card.plan[0].length;
    const side = Math.min(14, 54 / rows, 58 / cols), px = x + 134 - cols * side, py = y + 5;
    card.plan.forEach((row, r) => row.forEach((h, c) => {
      if (!h) return;
      D.rect(parent, px + c * side, py + r * side, side - 1, side - 1, {fill: "#c9b99a", stroke: "#6b5b45", "stroke-width": 0.6});
      const fixed = card.fixed[r][c], mark = fixed ? `=${fixed}` : h > 1 ? h : "";
      if (mark !== "") D.text(parent, px + c * side + (side - 1) / 2, py + r * side + side * 0.72, mark,
        {"font-size": side * 0.62, "text-anchor": "middle", "font-weight": 700});
    }));
  }

  function shared(svg, s, k, ctx) {
    const g = D.g(svg, {class: "museum"});
    D.text(g, 10, 56, `Museum ${s.museum_card}`, {"font-size": 14, "font-weight": 700});
    D.rect(g, 10, 64, 330, 190, {fill: "#fff", stroke: "#ccc", rx: 5});
    const owners = museumOwners(s, k, ctx);
    iso(g, s.museum, 20, 70, 300, (r, c, z) => {
      const who = (owners[`${r},${c}`] || [])[z];
      return who === null || who === undefined ? MUSEUM : ctx.colours[who];
    }, 26);
    const d = D.g(svg, {class: "display"});
    D.text(d, 360, 56, `Installations on display · ${s.installation_deck} in the deck`, {"font-size": 14, "font-weight": 700});
    (s.display || []).forEach((card, i) => installation(d, card, 360 + i * 150, 64, ctx));
    const a = D.g(svg, {class: "artists"});
    D.text(a, 360, 152, `Artists · ${s.artist_deck} in the deck`, {"font-size": 14, "font-weight": 700});
    (s.artists || []).forEach((art, i) => {
      const x = 360 + i * 150;
      D.rect(a, x, 160, 140, 66, {fill: art ? "#fff" : "#f4f4f4", stroke: art && art.owner !== null ? ctx.colours[art.owner] : "#aaa", "stroke-width": art && art.owner !== null ? 3 : 1, rx: 5});
      if (!art) { D.text(a, x + 8, 198, "empty slot", {"font-size": 11, fill: "#888"}); return; }
      D.text(a, x + 8, 177, `${nice(art.artist)} (${art.card})`, {"font-size": 12, "font-weight": 700});
      D.text(a, x + 8, 196, art.owner === null ? "no dice on it" : `${ctx.label(art.owner)}: ${art.dice} ${art.dice === 1 ? "die" : "dice"}`, {"font-size": 11, fill: art.owner === null ? "#888" : ctx.colours[art.owner]});
      if (art.value !== null) D.text(a, x + 8, 214, `value ${art.value}`, {"font-size": 11});
    });
  }

  function player(svg, s, p, x, y, ctx) {
    const me = s.players[p], now = s.current === p && s.phase !== "over";
    const g = D.seatPanel(svg, ctx, p, x, y, 585, 240, now, s.start_player === p ? " · first player" : "");
    me.rooms.forEach((room, r) => {
      D.text(g, x + 8 + r * 190, y + 36, `work room ${r + 1}`, {"font-size": 10, fill: "#666"});
      D.rect(g, x + 8 + r * 190, y + 40, 180, 130, {fill: "#faf8f2", stroke: "#ddd", rx: 4});
      if (room.length) iso(g, room, x + 14 + r * 190, y + 44, 168, ctx.colours[p]);
      else D.text(g, x + 98 + r * 190, y + 110, "empty", {"font-size": 11, fill: "#aaa", "text-anchor": "middle"});
    });
    const tx = x + 384, src = me.points_by_source || {}, cards = ctx.rules.installations || {};
    const done = (me.completed || []).map(id => cards[id] ? `${id} (${cards[id].points})` : id);
    const lines = [`points ${me.score}`, `cards ${src.cards ?? 0} · museum ${src.museum ?? 0}`,
      `dice ${me.dice} · supply ${me.supply}`, `warehouse: ${counts(me.warehouse)}`, `storage: ${counts(me.storage)}`,
      `on artists ${me.artist_dice} · in museum ${me.museum_dice}`, `completed (points): ${done.length ? "" : "none"}`];
    for (let i = 0; i < done.length; i += 3) lines.push(done.slice(i, i + 3).join(" "));
    lines.forEach((t, i) => D.text(g, tx, y + 36 + i * 17, t, {"font-size": i === 0 ? 13 : 11.5, "font-weight": i === 0 ? 700 : 400}));
    const cardDice = (me.card_dice || []).map(cd => `${cd.card}:${cd.values.join("/")}`).join(" ");
    D.title(D.text(g, x + 8, y + 192, cardDice ? `card dice ${cardDice}`.slice(0, 90) : "", {"font-size": 10.5}), cardDice);
  }

  Replay.register("cubist", {
    title: "Cubist", width: 1200, height: 760,
    roundStart: (e, s, prev) => s.round !== prev.round,
    where: s => `round ${s.round} · turn ${s.turn}${s.end_triggered ? " · end triggered" : ""}`,
    draw(svg, s, k, ctx) {
      D.text(svg, 10, 26, `${s.phase === "over" ? "Game over" : `Round ${s.round} · turn ${s.turn}`}${s.end_triggered ? " · end triggered" : ""}`, {"font-size": 18, "font-weight": 700});
      shared(svg, s, k, ctx);
      s.players.forEach((_, p) => player(svg, s, p, 10 + (p % 2) * 595, 264 + Math.floor(p / 2) * 248, ctx));
    },
  });
})();
