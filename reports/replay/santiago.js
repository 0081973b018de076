// Santiago de Cuba: the road (harbour and nine stops with their Cubans) and the car, the
// twelve buildings with owners and pawns, the ship's demand dice and the goods value, the
// bank, and what each seat's screen holds. Reads docs/trace-format-santiago.md.
"use strict";
(() => {
  const D = Replay.draw;
  const GOODS = ["sugar", "citrus", "tobacco", "rum", "cigars", "wood"];
  const COLOUR = {sugar: "#f4f1e8", citrus: "#f0a020", tobacco: "#6b4226", rum: "#b03a2e", cigars: "#4a2f14", wood: "#8b5a2b"};
  const FLOWER = {white: "#f4f4f4", yellow: "#f3d34a", red: "#e0584f", blue: "#5b8fd1"};
  const STOPS = ["H", "K1", "K2", "K3", "K4", "K5", "K6", "K7", "K8", "K9"];
  const nice = key => String(key).replace(/_/g, " ");
  const CX = 390, CY = 250, RX = 360, RY = 180;

  function stopAt(i) {
    const a = Math.PI - i / STOPS.length * 2 * Math.PI;
    return [CX + RX * Math.cos(a), CY - RY * Math.sin(a)];
  }

  function road(svg, s, ctx) {
    const g = D.g(svg, {class: "road"});
    D.el(g, "ellipse", {cx: CX, cy: CY, rx: RX, ry: RY, fill: "none", stroke: "#c8b48a", "stroke-width": 16});
    STOPS.forEach((stop, i) => {
      const [x, y] = stopAt(i);
      const closed = s.closed === stop;
      const cuban = stop === "H" ? "harbour" : nice(s.layout.cubans[stop]);
      D.title(D.circle(g, x, y, 24, {fill: stop === "H" ? "#bfe0f5" : closed ? "#555" : "#fff7e0", stroke: "#8a7346", "stroke-width": 2}),
        `${stop}: ${cuban}${closed ? " (face down)" : ""}`);
      D.text(g, x, y - 4, stop, {"font-size": 12, "font-weight": 700, "text-anchor": "middle", fill: closed ? "#fff" : "#222"});
      D.text(g, x, y + 10, cuban.slice(0, 8), {"font-size": 8.5, "text-anchor": "middle", fill: closed ? "#ddd" : "#333"});
      if (s.car === stop) {
        D.title(D.rect(g, x - 14, y - 42, 28, 14, {fill: "#d0342c", stroke: "#000", rx: 4, class: "car"}), "the car");
        D.text(g, x, y - 31, "car", {"font-size": 9, "text-anchor": "middle", fill: "#fff"});
      }
    });
  }

  function buildings(svg, s, ctx) {
    const g = D.g(svg, {class: "buildings"});
    for (let i = 0; i < 12; i++) {
      const key = `B${i + 1}`, slot = s.slots[key];
      const x = CX - 282 + (i % 6) * 95, y = CY - 62 + Math.floor(i / 6) * 66;
      const owner = slot.owner;
      D.title(D.rect(g, x, y, 88, 58, {fill: "#fff", stroke: owner === null ? "#999" : ctx.colours[owner], "stroke-width": owner === null ? 1 : 4, rx: 4}),
        `${key}: ${nice(slot.building)}${owner === null ? "" : `, owned by ${ctx.label(owner)}`}`);
      D.rect(g, x, y, 88, 6, {fill: FLOWER[(s.layout.flowers || {})[key]] || "#ddd"});
      D.text(g, x + 4, y + 19, key, {"font-size": 10, fill: "#666"});
      D.text(g, x + 4, y + 33, nice(slot.building).slice(0, 15), {"font-size": 10});
      if (owner !== null) D.text(g, x + 4, y + 50, `owner ${ctx.label(owner)}`, {"font-size": 9, fill: ctx.colours[owner]});
      if (slot.pawn !== null) D.title(D.circle(g, x + 76, y + 44, 8, {fill: ctx.colours[slot.pawn], stroke: "#000", class: "pawn"}), `${ctx.label(slot.pawn)}'s pawn`);
    }
  }

  function ship(svg, s, x, y) {
    const g = D.g(svg, {class: "ship"});
    D.text(g, x, y, `Ship in the harbour · ${s.ships_departed} departed`, {"font-size": 14, "font-weight": 700});
    const dice = Object.entries(s.dice || {});
    if (!dice.length) D.text(g, x, y + 30, "no ship (demand not rolled yet)", {"font-size": 11, fill: "#888"});
    dice.forEach(([kind, v], i) => {
      D.title(D.rect(g, x + i * 58, y + 10, 40, 40, {fill: COLOUR[kind], stroke: "#333", rx: 6, class: "die"}), `${kind} die: ${v}`);
      D.text(g, x + 20 + i * 58, y + 37, v, {"font-size": 20, "font-weight": 700, "text-anchor": "middle", fill: ["sugar", "citrus"].includes(kind) ? "#222" : "#fff"});
      D.text(g, x + 20 + i * 58, y + 64, kind, {"font-size": 10, "text-anchor": "middle"});
    });
    D.text(g, x, y + 92, `goods value ${s.goods_value}`, {"font-size": 13});
    for (let v = 0; v <= Math.max(7, s.goods_value); v++) {
      D.rect(g, x + 110 + v * 24, y + 78, 20, 20, {fill: v === s.goods_value ? "#d0342c" : "#fff", stroke: "#999", rx: 3});
      D.text(g, x + 120 + v * 24, y + 93, v, {"font-size": 10, "text-anchor": "middle", fill: v === s.goods_value ? "#fff" : "#444"});
    }
    D.text(g, x, y + 122, "bank" + (s.bank_pesos === null || s.bank_pesos === undefined ? "" : ` · ${s.bank_pesos} pesos`), {"font-size": 12});
    D.pieces(g, x + 40, y + 110, s.bank, COLOUR, GOODS, 14);
  }

  function screens(svg, s, x, y, ctx) {
    s.screens.forEach((sc, p) => {
      const g = D.g(svg, {class: "screen", "data-seat": p}), py = y + p * 92;
      D.rect(g, x, py, 400, 84, {fill: "#fff", stroke: ctx.colours[p], "stroke-width": s.active === p ? 4 : 2, rx: 5});
      D.text(g, x + 8, py + 18, `${ctx.label(p)} ${ctx.header.strategies[p] || ""}${s.active === p ? " · to play" : ""}`, {"font-size": 13, "font-weight": 700, fill: ctx.colours[p]});
      D.text(g, x + 8, py + 38, `VP ${sc.vp} · pesos ${sc.pesos} · markers left ${s.markers_left[p]}`, {"font-size": 12});
      D.pieces(g, x + 8, py + 46, sc.goods, COLOUR, GOODS, 13);
      const src = Object.entries(sc.vp_by_source || {}).map(([k, v]) => `${nice(k)} ${v}`).join(", ");
      D.title(D.text(g, x + 8, py + 76, src.slice(0, 70), {"font-size": 9.5, fill: "#555"}), src);
    });
  }

  Replay.register("santiago", {
    title: "Santiago de Cuba", width: 1200, height: 600,
    roundStart: (e, s, prev, ctx) => e.name === "turn" && e.player === ctx.events[0].start_player,
    where: (s, k, ctx) => `${s.phase} · ${ctx.label(s.active)} to play`,
    draw(svg, s, k, ctx) {
      D.text(svg, 10, 26, `${s.phase === "over" ? "Game over" : `${ctx.label(s.active)} to play`}`, {"font-size": 18, "font-weight": 700});
      road(svg, s, ctx);
      buildings(svg, s, ctx);
      ship(svg, s, 790, 70);
      screens(svg, s, 790, 210, ctx);
    },
  });
})();
