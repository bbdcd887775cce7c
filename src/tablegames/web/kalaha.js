// Kalaha, drawn from the view: your row below from pit a, your store on the right; the opponent's row above.

import { h, plural, showReason, upper } from "./dom.js";
import { t } from "./i18n.js";

const letter = (pit) => String.fromCharCode(97 + pit);

/** The pits the last sowing put seeds in (rules 2.1 and 2.2: along your row, your store, their row, never their store). */
function sownPits(event, pits) {
  const sown = [];
  let side = event.seat;
  let place = event.pit;
  for (let seed = 0; seed < event.seeds; seed += 1) {
    place += 1;
    if (place === pits) {
      if (side === event.seat) {
        sown.push({ store: side });
        continue;
      }
      side = 1 - side;
      place = 0;
    } else if (place > pits) {
      side = 1 - side;
      place = 0;
    }
    sown.push({ side, pit: place });
  }
  return sown;
}

/** What the last move did: the sowing, the capture after it and the pits it touched. */
function lastMove(events, pits) {
  const index = events.findLastIndex((event) => event.type === "sowed");
  if (index < 0) return null;
  const sowed = events[index];
  const capture = events.slice(index + 1).find((event) => event.type === "captured") ?? null;
  return { sowed, capture, sown: sownPits(sowed, pits) };
}

/** A sowing in words: "You sow 4 seeds from pit c". */
function sownWords(event, ui) {
  const values = { who: upper(ui.name(event.seat)), seeds: plural(event.seeds, "seed"), pit: letter(event.pit) };
  return event.seat === ui.view().seat ? t("kalaha.you sow", values) : t("kalaha.sows", values);
}

/** A capture in words: "Medium bot captures 5 seeds at pit b". */
function capturedWords(event, ui) {
  const values = { who: upper(ui.name(event.seat)), seeds: plural(event.seeds, "seed"), pit: letter(event.pit) };
  return event.seat === ui.view().seat ? t("kalaha.you capture", values) : t("kalaha.captures", values);
}

export default {
  name: "kalaha",

  highlights: new Set(["round_ended"]),

  /** A refusal's fields only Kalaha has, as players read them: a pit by its letter. */
  reasonFields(fields) {
    return {
      ...(typeof fields.pit === "number" ? { pit: letter(fields.pit) } : {}),
      ...(typeof fields.last === "number" ? { last: letter(fields.last) } : {}),
    };
  },

  handles: (action) => /^[a-z]$/.test(action),

  draw(view, ui) {
    const me = view.seat ?? 0;
    const them = 1 - me;
    const pits = view.pits[0].length;
    const legal = new Set(view.legal_actions);
    const move = lastMove(ui.events, pits);
    // On this seat's turn, why each of its other pits may not be sown: said when it is pointed at or clicked.
    const refused = view.seat !== null && legal.size ? [...Array(pits).keys()].map(letter).filter((name) => !legal.has(name)) : [];
    const reasons = ui.reasons(refused);
    const marks = (side, pit) => {
      const classes = [];
      if (!move) return classes;
      if (move.sowed.seat === side && move.sowed.pit === pit) classes.push("from");
      if (move.sown.some((place) => place.side === side && place.pit === pit)) classes.push("sown");
      if (move.capture) {
        const captor = move.capture.seat;
        if ((side === captor && pit === move.capture.pit) || (side !== captor && pit === pits - 1 - move.capture.pit)) {
          classes.push("captured");
        }
      }
      return classes;
    };
    /** The words of `key` for a pit or store of `side`: "your …" or "Medium bot's …". */
    const of = (side, key, values) => t(`${key} ${side === view.seat ? "mine" : "theirs"}`, { who: upper(ui.name(side)), ...values });
    const pit = (side, index) => {
      const seeds = view.pits[side][index];
      const name = letter(index);
      const label = of(side, "kalaha.pit", { pit: name, seeds: plural(seeds, "seed") });
      const content = [h("span", { class: "seeds" }, String(seeds)), h("span", { class: "letter" }, name)];
      const classes = ["pit", side === me ? "mine" : "theirs", ...marks(side, index)];
      if (side === view.seat && legal.has(name)) {
        return h(
          "button",
          { type: "button", class: [...classes, "legal"], "aria-label": t("kalaha.sow", { pit: label }), dataset: { key: `pit-${name}`, pit: name, place: `${side}${index}` }, onclick: () => ui.act(name) },
          content,
        );
      }
      const why = side === view.seat && refused.includes(name) && reasons.get(name) ? ui.plain(reasons.get(name)) : null;
      return h(
        "div",
        {
          class: classes,
          role: "img",
          "aria-label": why ? `${label}: ${why}` : label,
          title: why,
          dataset: { pit: `${side}${name}`, place: `${side}${index}`, ...(why ? { key: `pit-${name}` } : {}) },
          onclick: why ? (event) => showReason(event.currentTarget, why) : null,
        },
        content,
      );
    };
    const store = (side) =>
      h(
        "div",
        {
          class: ["store", side === me ? "mine" : "theirs", move?.sown.some((place) => place.store === side) ? "sown" : null],
          role: "img",
          dataset: { place: `store${side}` },
          "aria-label": of(side, "kalaha.store of", { seeds: plural(view.stores[side], "seed") }),
        },
        h("span", { class: "seeds" }, String(view.stores[side])),
        h("span", { class: "letter" }, of(side, "kalaha.store")),
      );
    const top = [...Array(pits).keys()].reverse().map((index) => pit(them, index));
    const bottom = [...Array(pits).keys()].map((index) => pit(me, index));
    const board = h(
      "div",
      { class: "kalaha-board", role: "group", "aria-label": t("kalaha.board") },
      store(them),
      h("div", { class: "row top" }, top),
      h("div", { class: "row bottom" }, bottom),
      store(me),
    );
    board.style.setProperty("--pits", String(pits));
    const moveLine = move
      ? h(
          "p",
          { class: "last-move" },
          `${t("kalaha.last move")} ${sownWords(move.sowed, ui)}` + (move.capture ? `; ${capturedWords(move.capture, ui)}` : ""),
        )
      : h("p", { class: "last-move" }, t("kalaha.no move"));
    const hint =
      view.seat !== null && view.legal_actions.length
        ? h("p", { class: "prompt" }, t("kalaha.prompt"))
        : null;
    return h("section", { class: "game kalaha", "aria-label": "Kalaha" }, hint, board, moveLine);
  },
};
