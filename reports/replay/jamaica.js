// Jamaica: the track (spaces 0..49, Port Royal at 0) with every ship, the lairs still holding
// a treasure token, the dice, and per ship its holds, face-up powers, face-down treasures (a
// count; the Ghost Ship's lair cards among them, JAM-V1.3) and, once the end's `show` events
// turn them up, their names, hand, deck and discards. The drawn score and the curve come with
// the page: each seat's public points (JAM-R23 as if the game ended now, from what everyone
// sees; core/jamaica/page.py).
// Reads docs/trace-format-jamaica.md.
"use strict";
(() => {
  const D = Replay.draw;
  const COLOUR = {gold: "#e2b200", food: "#6aa84f", gunpowder: "#444444"};
  const nice = key => String(key).replace(/_/g, " ");

  // the track: a stadium (two straights, two half circles), Port Royal at the bottom middle
  const SPACES = 50, CX = 600, CY = 205, R = 130, L = 820;
  const PERIMETER = 2 * L + 2 * Math.PI * R;

  // a space's centre and the unit normal pointing into the stadium
  function spaceAt(i) {
    let d = (i / SPACES * PERIMETER + L / 2) % PERIMETER;
    if (d < L) return [CX - L / 2 + d, CY + R, 0, -1];
    d -= L;
    if (d < Math.PI * R) {
      const a = Math.PI / 2 - d / R;
      return [CX + L / 2 + R * Math.cos(a), CY + R * Math.sin(a), -Math.cos(a), -Math.sin(a)];
    }
    d -= Math.PI * R;
    if (d < L) return [CX + L / 2 - d, CY - R, 0, 1];
    const a = -Math.PI / 2 - (d - L) / R;
    return [CX - L / 2 + R * Math.cos(a), CY + R * Math.sin(a), -Math.cos(a), -Math.sin(a)];
  }

  function track(svg, s, ctx) {
    const g = D.g(svg, {class: "track"});
    const lairs = new Set(s.tokens || []);
    for (let i = 0; i < SPACES; i++) {
      const [x, y] = spaceAt(i);
      D.title(D.circle(g, x, y, 15, {fill: i === 0 ? "#bfe0f5" : "#fbf3dc", stroke: "#b39b62"}), i === 0 ? "Port Royal" : `space ${i}${lairs.has(i) ? ": a lair with its token" : ""}`);
      D.text(g, x, y + 4, i === 0 ? "PR" : i, {"font-size": 10, "text-anchor": "middle"});
      if (lairs.has(i)) D.title(D.rect(g, x + 8, y - 17, 9, 9, {fill: "#b8860b", stroke: "#5a4000", class: "lair"}), "treasure token");
    }
    const ships = s.players.map((pl, p) => [pl, ctx.colours[p], ctx.label(p)]);
    if (s.ghost) ships.push([s.ghost, "#111", "ghost"]);
    const stacked = {};
    ships.forEach(([pl, colour, name]) => {
      const [x, y, nx, ny] = spaceAt(pl.space);
      const n = stacked[pl.space] = (stacked[pl.space] || 0) + 1;
      const sx = x + nx * (10 + 13 * n), sy = y + ny * (10 + 13 * n);
      D.title(D.el(g, "path", {d: `M${sx - 11},${sy - 4} h22 l-5,8 h-12 z`, fill: colour, stroke: "#000", class: "ship"}),
        `${name} on space ${pl.space} (${pl.race})`);
    });
  }

  function centre(svg, s, ctx) {
    const g = D.g(svg, {class: "dice"});
    D.text(g, CX, CY - 40, `Round ${s.round} · captain ${ctx.label(s.captain)}`, {"font-size": 16, "font-weight": 700, "text-anchor": "middle"});
    [["morning", s.dice.morning], ["evening", s.dice.evening]].forEach(([when, v], i) => {
      const x = CX - 70 + i * 90;
      D.rect(g, x, CY - 25, 50, 50, {fill: "#fff", stroke: "#333", rx: 8, class: "die"});
      D.text(g, x + 25, CY + 9, v || "–", {"font-size": 24, "font-weight": 700, "text-anchor": "middle"});
      D.text(g, x + 25, CY + 42, when, {"font-size": 11, "text-anchor": "middle"});
    });
    D.text(g, CX, CY + 66, `treasure cards left ${s.treasure_pile}`, {"font-size": 11, "text-anchor": "middle", fill: "#555"});
  }

  function ship(svg, pl, x, y, colour, name, extra) {
    const g = D.g(svg, {class: "ship-board"});
    D.rect(g, x, y, 388, 150, {fill: "#fff", stroke: colour, "stroke-width": extra.now ? 4 : 2, rx: 6});
    D.text(g, x + 8, y + 18, `${name} · space ${pl.space} · ${nice(pl.race)}`, {"font-size": 13, "font-weight": 700, fill: colour});
    (pl.holds || []).forEach((hold, h) => {
      const hx = x + 8 + h * 62;
      D.title(D.rect(g, hx, y + 28, 56, 40, {fill: hold ? COLOUR[hold.kind] || "#ccc" : "#f6f6f6", stroke: "#888", rx: 4, "stroke-dasharray": h === 5 ? "3 2" : null}),
        hold ? `hold ${h + 1}: ${hold.tokens} ${hold.kind}` : `hold ${h + 1}: empty`);
      if (hold) D.text(g, hx + 28, y + 54, `${hold.tokens}`, {"font-size": 16, "font-weight": 700, "text-anchor": "middle", fill: hold.kind === "gold" ? "#222" : "#fff"});
      D.text(g, hx + 28, y + 80, hold ? hold.kind : "", {"font-size": 9, "text-anchor": "middle"});
    });
    const powers = (pl.powers || []).map(nice).join(", ");
    const down = extra.shown.length ? `${extra.shown.map(nice).join(", ")} (turned up at the end)` : `${pl.face_down_treasures} face down`;
    D.text(g, x + 8, y + 100, `treasures: ${down}${powers ? `; ${powers}` : ""}`, {"font-size": 11});
    if (extra.hand !== undefined) {
      D.text(g, x + 8, y + 118, `hand ${extra.hand} · deck ${extra.deck} · discards ${extra.discards}${extra.laid ? " · card laid face down" : ""}`, {"font-size": 11});
      D.text(g, x + 8, y + 136, extra.revealed === null ? "" : `revealed card ${extra.revealed}`, {"font-size": 11, "font-weight": 700});
    }
  }

  // per event, the face-down cards each ship has shown so far (the end's `show` events)
  function shownCards(ctx, k, ship) {
    return ctx.events.slice(0, k + 1).filter(e => e.name === "show" && e.player === ship).map(e => e.card);
  }

  Replay.register("jamaica", {
    title: "Jamaica", width: 1200, height: 730,
    seatLabel: (p, ctx) => p === ctx.header.players ? "Ghost" : `P${p + 1}`,
    roundStart: e => e.name === "round",
    where: (s, k, ctx) => `round ${s.round} · captain ${ctx.label(s.captain)}`,
    draw(svg, s, k, ctx) {
      D.text(svg, 10, 26, s.phase === "over" ? "Game over" : `Round ${s.round}`, {"font-size": 18, "font-weight": 700});
      track(svg, s, ctx);
      centre(svg, s, ctx);
      const boards = s.players.map((pl, p) => [pl, ctx.colours[p], `${ctx.label(p)} ${ctx.header.strategies[p] || ""}${s.captain === p ? " · captain" : ""}`,
        {now: s.captain === p, hand: pl.hand_size, deck: pl.deck, discards: (pl.discards || []).length, laid: pl.card_face_down, revealed: pl.revealed, shown: shownCards(ctx, k, p)}]);
      if (s.ghost) boards.push([s.ghost, "#111", "Ghost Ship", {shown: shownCards(ctx, k, s.players.length)}]);
      boards.forEach(([pl, colour, name, extra], i) => ship(svg, pl, 10 + (i % 3) * 396, 390 + Math.floor(i / 3) * 160, colour, name, extra));
    },
  });
})();
