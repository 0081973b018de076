// Cuba: each seat's plantation (12 fields, pawn, buildings, goods), the market, the harbour
// (sea, docks, ships' cargo), parliament (bills, acts, veto), stock. Reads docs/trace-format.md.
"use strict";
(() => {
  const D = Replay.draw;
  const PIECES = ["wood", "stone", "water", "citrus", "sugar", "tobacco", "rum", "cigars"];
  const PRODUCTS = ["citrus", "sugar", "tobacco", "rum", "cigars"];
  const COLOUR = {wood: "#8b5a2b", stone: "#9a9a9a", water: "#3fa7e0", citrus: "#f0a020", sugar: "#f4f1e8",
    tobacco: "#6b4226", rum: "#b03a2e", cigars: "#4a2f14"};
  const FIELD = {WH: ["#d9d4c7", "warehouse"], Fo: ["#a8d5a0", "forest"], Mo: ["#c9bda8", "mountain"],
    La: ["#a9d4f0", "lake"], Ci: ["#fbd38d", "citrus"], Su: ["#f1eee0", "sugar"], To: ["#d2b48c", "tobacco"]};
  const STATUTES = ["tax", "duty", "subsidy", "other"];
  const nice = key => String(key).replace(/_/g, " ");
  const short = (key, n) => { const s = nice(key); return s.length > n ? s.slice(0, n - 1) + "…" : s; };

  function plantation(svg, s, p, x, y, ctx) {
    const me = s.players[p];
    const g = D.g(svg, {class: "player", "data-seat": p});
    const active = s.start_player === p;
    D.rect(g, x, y, 385, 228, {fill: "#fff", stroke: ctx.colours[p], "stroke-width": active ? 4 : 2, rx: 6});
    D.text(g, x + 8, y + 18, `${ctx.label(p)} ${ctx.header.strategies[p] || ""}${active ? " · start player" : ""}`,
      {"font-size": 14, "font-weight": 700, fill: ctx.colours[p]});
    const cw = 58, ch = 42, gx = x + 8, gy = y + 28;
    for (let f = 0; f < 12; f++) {
      const cx = gx + (f % 4) * cw, cy = gy + Math.floor(f / 4) * ch;
      const [fill, name] = FIELD[me.fields[f]] || ["#eee", me.fields[f]];
      D.title(D.rect(g, cx, cy, cw - 2, ch - 2, {fill, stroke: "#888"}), `field ${f}: ${name}`);
      const building = me.buildings[String(f)];
      if (building) {
        const used = (me.used || []).includes(f);
        D.title(D.rect(g, cx + 3, cy + 3, cw - 8, 18, {fill: used ? "#ddd" : "#fff", stroke: "#444", rx: 2}), nice(building) + (used ? " (used this round)" : ""));
        D.text(g, cx + 5, cy + 15, short(building, 10), {"font-size": 8.5});
      }
      if (me.pawn === f) D.title(D.circle(g, cx + cw - 12, cy + ch - 12, 7, {fill: ctx.colours[p], stroke: "#000", class: "pawn"}), "pawn");
    }
    const tx = x + 250;
    D.text(g, tx, y + 42, `money ${me.money}`, {"font-size": 13});
    D.text(g, tx, y + 60, `VP ${me.vp}`, {"font-size": 13, "font-weight": 700});
    D.text(g, tx, y + 78, `votes ${me.votes}`, {"font-size": 12});
    D.text(g, tx, y + 96, `hand: ${(me.hand || []).length}${me.face_down_card ? " (1 face down)" : ""}`, {"font-size": 12});
    D.title(D.text(g, tx, y + 112, (me.hand || []).map(c => c.slice(0, 4)).join(" "), {"font-size": 10, fill: "#555"}), (me.hand || []).join(", "));
    D.text(g, gx, y + 168, "goods", {"font-size": 10, fill: "#666"});
    D.pieces(g, gx + 34, y + 157, me.lot, COLOUR, PIECES, 13);
    D.text(g, gx, y + 190, "stored", {"font-size": 10, fill: "#666"});
    D.pieces(g, gx + 34, y + 179, me.stored, COLOUR, PRODUCTS, 13);
    const sources = Object.entries(me.vp_by_source || {}).map(([k, v]) => `${nice(k)} ${v}`).join(", ");
    D.title(D.text(g, gx, y + 216, sources ? `VP: ${short(sources, 62)}` : "", {"font-size": 10, fill: "#555"}), sources);
  }

  function market(svg, s, x, y) {
    const g = D.g(svg, {class: "market"});
    D.text(g, x, y, "Market", {"font-size": 14, "font-weight": 700});
    PRODUCTS.forEach((kind, i) => {
      const row = s.market[kind], ry = y + 10 + i * 26;
      D.text(g, x, ry + 15, kind, {"font-size": 11});
      for (let k = 0; k < row.spaces; k++) {
        D.rect(g, x + 55 + k * 20, ry + 2, 16, 16, {fill: k < row.pieces ? COLOUR[kind] : "#fff", stroke: "#777", rx: 2});
      }
      D.text(g, x + 60 + row.spaces * 20, ry + 15, `buy ${row.buy} · sell ${row.sell}`, {"font-size": 11});
    });
  }

  function harbour(svg, s, x, y) {
    const g = D.g(svg, {class: "harbour"});
    D.text(g, x, y, `Harbour (${s.pile} ships in the pile)`, {"font-size": 14, "font-weight": 700});
    ["sea", "dock1", "dock2", "dock3"].forEach((pos, i) => {
      const ship = s.harbour[pos], sy = y + 10 + i * 44;
      D.rect(g, x, sy, 390, 40, {fill: pos === "sea" ? "#dceefb" : "#eef6fc", stroke: "#7aa7c7", rx: 4});
      D.text(g, x + 6, sy + 16, pos === "sea" ? "at sea" : `dock ${pos.slice(4)}`, {"font-size": 11});
      if (!ship) { D.text(g, x + 80, sy + 24, "empty", {"font-size": 11, fill: "#888"}); return; }
      D.text(g, x + 6, sy + 33, ship.id, {"font-size": 12, "font-weight": 700});
      let cx = x + 80;
      for (const [kind, c] of Object.entries(ship.cargo)) {
        for (let k = 0; k < c.spots; k++) {
          D.title(D.rect(g, cx, sy + 12, 16, 16, {fill: k < c.filled ? COLOUR[kind] : "#fff", stroke: COLOUR[kind], "stroke-width": 2, rx: 2}),
            `${kind}: ${c.filled} of ${c.spots} loaded`);
          cx += 19;
        }
        cx += 6;
      }
    });
  }

  function parliament(svg, s, x, y, ctx) {
    const g = D.g(svg, {class: "parliament"});
    const veto = s.veto_holder === null ? "" : ` · veto: ${ctx.label(s.veto_holder)}`;
    D.text(g, x, y, `Parliament${veto}`, {"font-size": 14, "font-weight": 700});
    D.text(g, x + 80, y + 20, "bill", {"font-size": 11, fill: "#666"});
    D.text(g, x + 200, y + 20, "act in force", {"font-size": 11, fill: "#666"});
    STATUTES.forEach((kind, i) => {
      const ry = y + 26 + i * 26;
      D.text(g, x, ry + 15, kind, {"font-size": 12});
      const bill = s.bills[kind], act = s.acts[kind];
      D.rect(g, x + 78, ry, 100, 22, {fill: bill ? "#fff7d6" : "#f4f4f4", stroke: "#aaa", rx: 3});
      D.text(g, x + 84, ry + 15, bill || "—", {"font-size": 12, class: "bill"});
      D.rect(g, x + 198, ry, 100, 22, {fill: act ? "#e2f3e2" : "#f4f4f4", stroke: "#aaa", rx: 3});
      D.text(g, x + 204, ry + 15, act || "—", {"font-size": 12, class: "act"});
    });
    s.players.forEach((pl, p) => {
      D.circle(g, x + 320 + p * 14, y + 38, 5, {fill: ctx.colours[p]});
      D.text(g, x + 316 + p * 14, y + 60, pl.votes, {"font-size": 10});
    });
    D.text(g, x + 316, y + 20, "votes", {"font-size": 10, fill: "#666"});
  }

  function stock(svg, s, x, y) {
    const g = D.g(svg, {class: "stock"});
    D.text(g, x, y, "Stock" + (s.bank === null || s.bank === undefined ? "" : ` · bank ${s.bank}`), {"font-size": 14, "font-weight": 700});
    D.pieces(g, x, y + 8, s.stock, COLOUR, PIECES, 14);
    const covered = Object.entries(s.black_markers || {}).filter(([, v]) => v).map(([k]) => nice(k));
    D.title(D.text(g, x, y + 42, `black markers: ${covered.length ? short(covered.join(", "), 60) : "none"}`, {"font-size": 10, fill: "#555"}), covered.join(", "));
  }

  Replay.register("cuba", {
    title: "Cuba", width: 1200, height: 800,
    roundStart: e => e.name === "round",
    where: s => `round ${s.round} · ${s.phase.replace(/_/g, " ")}`,
    draw(svg, s, k, ctx) {
      D.text(svg, 10, 26, `Round ${s.round} · ${s.phase.replace(/_/g, " ")}`, {"font-size": 18, "font-weight": 700, class: "phase"});
      s.players.forEach((_, p) => plantation(svg, s, p, 10 + (p % 2) * 393, 40 + Math.floor(p / 2) * 236, ctx));
      market(svg, s, 800, 60);
      harbour(svg, s, 800, 215);
      parliament(svg, s, 800, 420, ctx);
      stock(svg, s, 800, 600);
    },
  });
})();
