// The playtest page: draws the JSON view of one seat; every value from a card file goes into
// text nodes (textContent) or an image URL built from an id, never into HTML.
"use strict";
const base = location.pathname.replace(/\/?$/, "/");
let version = -1;
let answered = -1; // the question this page last answered: a second click is not sent
let words = {};

// A catalogue template ("waiting for {seat}") filled in: the words come from the server, in
// the table's language.
function say(key, values) {
  return (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function face(id, cards) {
  const card = cards[id] || { name: id, kind: "?" };
  if (card.kind === "kid") {
    return el("img", { src: base + "face/" + encodeURIComponent(id) + ".svg", alt: card.name,
                       title: card.name, "data-card": id });
  }
  return el("span", { class: "chip", title: card.text || "", text: card.name });
}

function zone(z, cards) {
  const box = el("div", { class: "zone", "data-zone": z.title }, el("span", { class: "title", text: z.title + ": " }));
  if (z.cards === undefined) {
    box.append(el("span", { text: z.count_text }));
  } else if (z.cards.length === 0) {
    box.append(el("span", { text: "—" }));
  } else {
    box.append(el("div", { class: "cards" }, ...z.cards.map((id) => face(id, cards))));
  }
  return box;
}

function drawPlayers(view) {
  const box = document.getElementById("players");
  box.replaceChildren(...view.players.map((p) => {
    const counters = el("div", { class: "counters" },
      ...p.counters.map(([k, v]) => el("span", { text: k + ": " + v })));
    return el("article", { class: "player" + (p.mine ? " mine" : ""), "data-seat": p.seat },
      el("h2", { text: p.name }), counters, ...p.zones.map((z) => zone(z, view.cards)));
  }));
  const table = document.getElementById("table");
  if (view.seen !== undefined) { // a game module's table: the lines its narration shows the seat
    table.replaceChildren(el("h2", { text: say("table", {}) }),
      el("ul", { class: "seen" }, ...view.seen.map((line) => el("li", { text: line }))));
    return;
  }
  table.replaceChildren(el("h2", { text: say("table", {}) + " (" + view.supply + ")" }),
    ...view.table.map((z) => zone(z, view.cards)));
}

function drawDecision(view) {
  const box = document.getElementById("decision");
  box.replaceChildren();
  const d = view.decision;
  box.dataset.number = d ? d.number : "";
  if (!d) {
    box.append(el("p", { text: view.over ? say("over", {}) :
      say("waiting", { seat: view.waiting_for || "…" }) }));
  } else {
    box.append(el("h2", { text: d.context || d.kind }));
    const options = el("div", { class: "options" });
    d.options.forEach((o, i) => {
      const button = el("button", { type: "button", "data-option": i });
      if (o.card) button.append(face(o.card, view.cards));
      button.append(el("span", { text: o.label }));
      button.addEventListener("click", () => {
        if (answered === d.number) return;
        answered = d.number;
        post("act", { number: d.number, option: i });
      });
      options.append(button);
    });
    box.append(options);
    if (d.excluded.length) {
      box.append(el("details", { class: "excluded" }, el("summary", { text: say("refused", { n: d.excluded.length }) }),
        el("ul", {}, ...d.excluded.map(([label, rule]) => el("li", { text: label + " — " + rule })))));
    }
  }
  if (view.undo) {
    const undo = el("button", { type: "button", id: "undo", text: say("undo", {}) });
    undo.addEventListener("click", () => post("undo", {}));
    box.append(undo);
  }
}

function drawFinal(view) {
  const box = document.getElementById("final");
  box.hidden = !view.over;
  if (!view.over) return;
  const o = view.over;
  if (o.rows !== undefined) { // a game module's outcome: a score a seat, the winners
    box.replaceChildren(el("h2", { text: say("final", {}) }),
      el("table", { class: "scores" }, ...o.rows.map((r) => el("tr", {}, ...r.map((v) => el("td", { text: String(v) }))))),
      el("p", { id: "winners", text: o.text }));
    return;
  }
  const head = el("tr", {}, ...["", ...o.headers].map((h) => el("th", { text: h })));
  const rows = o.scores.map((s) => el("tr", {}, ...[s.name, s.total, s.track, s.fort,
    s.rule + (s.rule_name ? " (" + s.rule_name + ")" : ""), s.macaroni, s.level].map((v) => el("td", { text: String(v) }))));
  box.replaceChildren(el("h2", { text: say("final", {}) }),
    el("table", { class: "scores" }, head, ...rows),
    el("p", { id: "winners", text: say("winner", { names: o.winners.join(" & "), turns: o.turns, triggers: o.triggers.join(", ") }) }));
}

function drawLinks(view) {
  const box = document.getElementById("links");
  box.hidden = !view.links;
  if (!view.links) return;
  box.replaceChildren(el("h2", { text: say("links", {}) }),
    el("ul", {}, ...view.links.map(([name, href]) => el("li", {}, el("a", { href, text: name })))));
}

function draw(view) {
  version = view.version;
  words = view.words;
  document.documentElement.lang = view.lang;
  document.getElementById("title").textContent = say("title", {}) + " — " + (view.seat === null ?
    say("host", {}) : say("you_are", { seat: view.seat_name }));
  document.title = document.getElementById("title").textContent;
  document.getElementById("save").textContent = say("save", {});
  document.querySelector("#log-box h2").textContent = say("log", {});
  document.getElementById("status").textContent = "";
  drawDecision(view);
  drawFinal(view);
  drawLinks(view);
  drawPlayers(view);
  const log = document.getElementById("log");
  document.body.dataset.version = version;
  log.replaceChildren(...view.log.map((line) => el("li", { class: line.startsWith("    ") ? "change" : "", text: line.trim() })));
  const logBox = document.getElementById("log-box");
  logBox.scrollTop = logBox.scrollHeight;
}

// An answer or an undo; the server refuses a stale one (the question number), so two pages of
// one seat, or a click racing a redraw, cannot answer twice.
async function post(what, body) {
  const status = document.getElementById("status");
  try {
    const r = await fetch(base + what, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) {
      status.textContent = data.error;
      status.className = "error";
      answered = -1;
    } else if (data.version >= version) {
      draw(data);
    }
  } catch (e) {
    status.textContent = say("no_answer", {});
    answered = -1;
  }
}

async function poll() {
  for (;;) {
    try {
      const r = await fetch(base + "view?since=" + version);
      if (r.ok) {
        const view = await r.json();
        if (view.version !== version) draw(view);
      } else {
        await new Promise((ok) => setTimeout(ok, 2000));
      }
    } catch (e) {
      document.getElementById("status").textContent = say("no_answer", {});
      await new Promise((ok) => setTimeout(ok, 2000));
    }
  }
}

document.getElementById("save").href = base + "save.json";
poll();
