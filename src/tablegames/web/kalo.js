// Kalo, drawn from the view: scores against the target, the other hands as backs in slot order (the cards you know
// face up), the trick, the discard pile, your hand, and each step of an effect as a prompt.

import { cardBack, cardFace, cardLabel, h, plural, upper } from "./dom.js";
import { has, t } from "./i18n.js";
import { myHand } from "./kalohand.js";

const EFFECTS = { 3: "kalo.effect3", 4: "kalo.effect4", 5: "kalo.effect5", 6: "kalo.effect6" };
/** Kalo's ranks by number, as its cards show them: 3 to 10, J, Q, K, A and the 2 (15). */
const RANKS = { 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2" };
const rankName = (rank) => RANKS[rank] ?? String(rank);

function place(view, seat) {
  const index = view.out.indexOf(seat);
  return index < 0 ? null : index + 1;
}

function statusWords(view, seat) {
  const words = [];
  const out = place(view, seat);
  if (out) words.push(t("kalo.out", { n: out }));
  if (seat === view.current_player) words.push(t("kalo.to decide"));
  if (view.passed.includes(seat)) words.push(t("kalo.passed"));
  if (seat === view.leader && view.phase !== "arrange") words.push(view.trick.length ? t("kalo.led this trick") : t("kalo.leads"));
  if (seat === view.kalo_holder) words.push(t("kalo.dealt the kalo"));
  return words;
}

/** The prompt for the decision now: yours in full, another seat's in a line. */
function prompt(view, ui) {
  const seat = view.current_player;
  if (seat === null) return null;
  const mine = view.seat !== null && seat === view.seat; // yours, even while a round summary holds the decision back
  const who = upper(ui.name(seat));
  const effect = view.effect;
  if (view.phase === "arrange") {
    return mine ? t("kalo.arrange") : t("kalo.arranging", { who });
  }
  if (view.phase === "play") {
    if (!mine) return t("kalo.to play", { who });
    const last = view.trick.at(-1);
    if (!last) return t("kalo.lead");
    return t("kalo.beat", { cards: last.cards.map(cardLabel).join(" "), n: plural(last.cards.length, "card") });
  }
  if (view.phase !== "effect" || !effect) return null;
  const card = effect.card ? cardLabel(effect.card) : t("kalo.the card");
  const more = effect.left > 1 ? ` ${t("kalo.more", { n: plural(effect.left - 1, "more effect") })}` : "";
  const owner = upper(ui.name(effect.seat));
  const theirs = t(effect.seat === view.seat ? "kalo.your effect" : "kalo.their effect", { who: owner, rank: effect.rank, effect: t(EFFECTS[effect.rank]) });
  if (!mine) {
    if (effect.step === "insert" && effect.seat !== seat) return t("kalo.chooses where", { who, owner, theirs });
    return t("kalo.resolves", { who, theirs, step: t(`kalo.step.${effect.step}`) });
  }
  const target = effect.target === null ? t("kalo.their") : t("kalo.whose", { who: upper(ui.name(effect.target)) });
  if (effect.step === "insert" && effect.seat !== view.seat) {
    return t("kalo.gives you", { who: owner, card, rank: effect.rank });
  }
  const key = `kalo.your${effect.rank}.${effect.step}`;
  return (has(key) ? t(key, { card, target }) : t("kalo.your choose", { rank: effect.rank })) + more;
}

function otherHand(view, ui, seat) {
  const legal = new Set(view.legal_actions);
  const choosing = view.effect?.step === "slot" && view.effect.target === seat;
  const slots = view.hands[seat].map((slot, index) => {
    const marks = ["small", slot.received ? "received" : null];
    const label = t("kalo.place", { n: index + 1 }) + (slot.received ? `, ${t("kalo.received")}` : "");
    const pick = choosing && legal.has(`slot ${index}`) ? () => ui.act(`slot ${index}`) : null;
    const key = `slot-${seat}-${index}`;
    if (slot.card !== null) {
      return cardFace(slot.card, { mark: [...marks, "known", pick ? "legal" : null], note: label, onclick: pick, key });
    }
    return cardBack({ mark: marks, label: t("kalo.card at", { who: upper(ui.name(seat)), place: label }), onclick: pick, key: pick ? key : null });
  });
  const choose = legal.has(`seat ${seat}`)
    ? h(
        "button",
        { type: "button", class: "primary choose-seat", dataset: { key: `seat-${seat}`, action: `seat ${seat}` }, onclick: () => ui.act(`seat ${seat}`) },
        t(view.effect?.rank === 6 ? "kalo.take from" : "kalo.give to", { who: upper(ui.name(seat)) }),
      )
    : null;
  return h(
    "section",
    { class: ["seat-hand", seat === view.current_player ? "turn" : null], dataset: { seat: String(seat) }, "aria-label": t("kalo.hand of", { who: upper(ui.name(seat)) }) },
    h(
      "h3",
      {},
      upper(ui.name(seat)),
      h("span", { class: "score" }, ` · ${plural(view.scores[seat], "point")} · ${plural(view.hands[seat].length, "card")}`),
    ),
    h("p", { class: "status" }, statusWords(view, seat).join(" · ")),
    h("div", { class: ["hand", "fan", choosing ? "choosing" : null] }, slots),
    choose,
  );
}

function trick(view, ui) {
  if (!view.trick.length) {
    return h("section", { class: "trick", "aria-label": t("the trick") }, h("p", {}, view.phase === "play" ? (view.leader === view.seat ? t("kalo.you lead next") : t("kalo.leads next", { who: upper(ui.name(view.leader)) })) : t("kalo.no trick")));
  }
  return h(
    "section",
    { class: "trick", "aria-label": t("the trick") },
    h("h3", {}, t("kalo.led by", { who: ui.name(view.leader) })),
    h(
      "ol",
      { class: "plays" },
      view.trick.map((play, index) =>
        h(
          "li",
          { class: ["play", index === view.trick.length - 1 ? "top" : null] },
          h("span", { class: "who" }, upper(ui.name(play.seat))),
          play.cards.map((card) => cardFace(card, { mark: ["small"] })),
          index === view.trick.length - 1 ? h("span", { class: "tag" }, t("kalo.to beat")) : null,
        ),
      ),
    ),
  );
}

function pile(view, ui) {
  const legal = new Set(view.legal_actions);
  const head = h("p", { class: "pile-size" }, `${t("kalo.pile")}: ${plural(view.pile_size, "card")}`);
  if (view.pile === null) return h("section", { class: "pile", "aria-label": t("kalo.pile") }, head);
  const cards = view.pile.map((card) =>
    cardFace(card, {
      key: `pile-${card}`,
      mark: ["small", legal.has(`card ${card}`) ? "legal" : null],
      onclick: legal.has(`card ${card}`) ? () => ui.act(`card ${card}`) : null,
    }),
  );
  return h("section", { class: "pile open", "aria-label": t("kalo.pile") }, head, h("div", { class: "hand" }, cards));
}


/** The round and how the game ends: at the target, or also after the option `rounds`' last round. */
function gameEnd(round, target, rounds) {
  if (rounds === 1) return t("kalo.one round");
  if (rounds) return t("kalo.round of", { n: round, rounds, target });
  return t("kalo.round", { n: round, target });
}
export default {
  name: "kalo",

  /** What a round summary shows of a round: who went out, who was blocked, how it ended. */
  highlights: new Set(["went_out", "blocked", "round_ended"]),

  /** The round summary's columns, from the round_ended event: each seat's place, its points and its total. */
  summaryColumns(end) {
    if (!end.points) return null;
    return [
      [t("kalo.place column"), (seat) => (end.places.includes(seat) ? String(end.places.indexOf(seat) + 1) : "")],
      [t("points"), (seat) => String(end.points[seat])],
      [t("total"), (seat) => String(end.scores[seat])],
    ];
  },

  /** A refusal's fields only Kalo has, as players read them: a rank as its cards show it, and what a 3 to 6 does. */
  reasonFields(fields) {
    return {
      ...(typeof fields.rank === "number" ? { rank: rankName(fields.rank) } : {}),
      ...(typeof fields.above === "number" ? { above: rankName(fields.above) } : {}),
      ...(EFFECTS[fields.rank] ? { effect: t(EFFECTS[fields.rank]) } : {}),
    };
  },

  handles: (action) => /^(arrange \d+|ready|pass|card \S+|seat \d+|slot \d+|insert \d+)$/.test(action) || /^((10|[2-9JQKA])[cdhs] ?)+$/.test(action),

  draw(view, ui) {
    const players = view.hands.length;
    const target = 5 * players; // the game ends when a player reaches five times the number of players (rules 5.2)
    const me = view.seat;
    const others = [...Array(players).keys()].map((step) => ((me ?? -1) + 1 + step) % players).filter((seat) => seat !== me);
    const scores = view.scores.map((score, seat) => h("li", { class: seat === me ? "me" : null }, `${upper(ui.name(seat))}: ${plural(score, "point")}`));
    const head = h(
      "div",
      { class: "kalo-head" },
      h("p", {}, gameEnd(view.round, target, ui.options?.rounds)),
      h("ul", { class: "scores", "aria-label": t("points") }, scores),
      h("p", {}, view.kalo_holder === me ? t("kalo.you were dealt") : t("kalo.was dealt", { who: upper(ui.name(view.kalo_holder)) }), " ", h("span", { class: "inline-card red" }, "2♥"), "."),
      view.removed.length ? h("p", {}, `${t("kalo.removed")} `, view.removed.map((card) => cardFace(card, { mark: ["mini"] }))) : null,
    );
    const text = prompt(view, ui);
    const parts = [head, text ? h("p", { class: ["prompt", view.legal_actions.length ? "mine" : null] }, text) : null];
    parts.push(h("div", { class: "other-hands" }, others.map((seat) => otherHand(view, ui, seat))));
    parts.push(h("div", { class: "middle" }, trick(view, ui), pile(view, ui)));
    if (me !== null) {
      parts.push(
        h(
          "section",
          { class: ["my-hand", me === view.current_player ? "turn" : null], dataset: { seat: String(me) }, "aria-label": t("your hand") },
          h("h3", {}, `${t("Your hand")} · ${plural(view.hands[me].length, "card")} · ${plural(view.scores[me], "point")}`),
          h("p", { class: "status" }, statusWords(view, me).join(" · ")),
          myHand(view, ui, ui.local),
        ),
      );
    }
    return h("section", { class: "game kalo", "aria-label": "Kalo" }, parts);
  },
};
