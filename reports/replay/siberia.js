// Siberia: the row of resource cards from the headframe (face up, face down or empty), the
// deck and action pile, the face-up discards, the supply of persons, and per seat its hand
// (a count), workers, resources, salesmen and investors. Reads docs/trace-format-siberia.md.
"use strict";
(() => {
  const D = Replay.draw;
  const KINDS = ["gas", "coal", "oil", "gold", "diamond"];
  const COLOUR = {gas: "#9fd3e6", coal: "#4a4a4a", oil: "#1f2a44", gold: "#e2b200", diamond: "#c7e9f7",
    worker: "#c98b4a", salesman: "#7a9e5b", investor: "#8a6fb0"};
  const DARK = {coal: true, oil: true};
  const money = v => `$${v / 1000}k`;

  function row(svg, s, x, y) {
    const g = D.g(svg, {class: "row"});
    D.text(g, x, y, `The row (from the headframe) · deck ${s.deck} · action pile ${s.action_pile}`, {"font-size": 14, "font-weight": 700});
    D.rect(g, x, y + 10, 30, 70, {fill: "#6b5b4b", rx: 3});
    D.text(g, x + 15, y + 49, "head", {"font-size": 8, "text-anchor": "middle", fill: "#fff"});
    s.row.forEach((card, i) => {
      const cx = x + 40 + i * 62;
      if (card === null) {
        D.rect(g, cx, y + 10, 54, 70, {fill: "none", stroke: "#ccc", "stroke-dasharray": "4 3", rx: 5});
      } else if (card === "face_down") {
        D.title(D.rect(g, cx, y + 10, 54, 70, {fill: "#8c7b6b", stroke: "#5a4a3a", rx: 5, class: "face-down"}), `position ${i}: face down`);
      } else {
        D.title(D.rect(g, cx, y + 10, 54, 70, {fill: COLOUR[card.kind] || "#eee", stroke: "#333", rx: 5, class: "face-up"}), `position ${i}: ${card.kind} ${money(card.value)}`);
        const ink = DARK[card.kind] ? "#fff" : "#222";
        D.text(g, cx + 27, y + 36, card.kind, {"font-size": 10, "text-anchor": "middle", fill: ink});
        D.text(g, cx + 27, y + 58, money(card.value), {"font-size": 13, "font-weight": 700, "text-anchor": "middle", fill: ink});
      }
      D.text(g, cx + 27, y + 94, i, {"font-size": 9, "text-anchor": "middle", fill: "#888"});
    });
  }

  function supply(svg, s, x, y) {
    const g = D.g(svg, {class: "supply"});
    D.text(g, x, y, "Supply and discards", {"font-size": 14, "font-weight": 700});
    D.text(g, x, y + 20, `workers left ${s.supply.workers}`, {"font-size": 12});
    D.text(g, x, y + 38, `salesmen: ${s.supply.salesmen.join(", ") || "none"}`, {"font-size": 12});
    D.text(g, x, y + 56, `investors: ${s.supply.investors.join(", ") || "none"}`, {"font-size": 12});
    const cards = Object.entries(s.discards || {});
    D.text(g, x, y + 78, "discards (face up):", {"font-size": 12});
    cards.forEach(([name, n], i) => {
      const [res, person] = name.split("/");
      const cx = x + (i % 4) * 96, cy = y + 86 + Math.floor(i / 4) * 26;
      D.rect(g, cx, cy, 10, 20, {fill: COLOUR[res] || "#ccc", stroke: "#333"});
      D.rect(g, cx + 10, cy, 10, 20, {fill: COLOUR[person] || "#ccc", stroke: "#333"});
      D.text(g, cx + 24, cy + 14, `${person.slice(0, 4)} ${res} ×${n}`, {"font-size": 10});
    });
  }

  function player(svg, s, p, x, y, ctx) {
    const me = s.players[p], now = s.current === p && s.phase !== "over";
    const g = D.seatPanel(svg, ctx, p, x, y, 560, 118, now, s.start_player === p ? " · start player" : "");
    D.text(g, x + 8, y + 38, `money (if it ended now) ${money(me.money)}`, {"font-size": 12});
    D.text(g, x + 8, y + 56, `hand ${me.hand_size}`, {"font-size": 12});
    for (let c = 0; c < me.hand_size; c++) D.rect(g, x + 60 + c * 9, y + 45, 8, 13, {fill: "#c0b49d", stroke: "#7a6a55", class: "hand-card"});
    D.text(g, x + 8, y + 76, `workers ${me.workers}`, {"font-size": 12});
    for (let c = 0; c < me.workers; c++) D.circle(g, x + 76 + c * 13, y + 72, 5, {fill: COLOUR.worker, stroke: "#6a4a2a"});
    D.text(g, x + 8, y + 96, `salesmen: ${me.salesmen.join(", ") || "none"}`, {"font-size": 11});
    D.text(g, x + 8, y + 112, `investors: ${me.investors.join(", ") || "none"}`, {"font-size": 11});
    KINDS.forEach((kind, i) => {
      const n = (me.resources || {})[kind] || 0, v = (me.resource_value || {})[kind] || 0;
      const cx = x + 300 + i * 52;
      D.title(D.rect(g, cx, y + 30, 44, 44, {fill: n ? COLOUR[kind] : "#f4f4f4", stroke: "#999", rx: 4}), `${kind}: ${n} cards, ${money(v)}`);
      D.text(g, cx + 22, y + 56, n, {"font-size": 15, "font-weight": 700, "text-anchor": "middle", fill: n && DARK[kind] ? "#fff" : "#222"});
      D.text(g, cx + 22, y + 88, kind, {"font-size": 9, "text-anchor": "middle"});
      if (v) D.text(g, cx + 22, y + 102, money(v), {"font-size": 9, "text-anchor": "middle", fill: "#555"});
    });
  }

  Replay.register("siberia", {
    title: "Siberia", width: 1200, height: 720,
    formatScore: v => `$${v}k`,
    roundStart: (e, s) => e.name === "turn" && e.player === s.start_player,
    where: s => `turn ${s.turn}${s.final_turns_left === null ? "" : ` · ${s.final_turns_left} final turns left`}`,
    draw(svg, s, k, ctx) {
      const end = s.final_turns_left === null ? "" : ` · end triggered: ${s.final_turns_left} turns left`;
      D.text(svg, 10, 26, `${s.phase === "over" ? "Game over" : `Turn ${s.turn}`}${end}`, {"font-size": 18, "font-weight": 700});
      row(svg, s, 10, 60);
      supply(svg, s, 800, 60);
      s.players.forEach((_, p) => player(svg, s, p, 10 + (p % 2) * 580, 262 + Math.floor(p / 2) * 128, ctx));
    },
  });
})();
