// Kalo, drawn from the view: scores against the target, the other hands as backs in slot order (the cards you know
// face up), the trick, the discard pile, your hand, and each step of an effect as a prompt.

import { cardBack, cardFace, cardLabel, h, plural, upper } from "./dom.js";
import { myHand } from "./kalohand.js";

const EFFECTS = {
  3: "give a card from your hand",
  4: "take a card from the discard pile",
  5: "give a card from the discard pile",
  6: "take a card from another hand",
};

function place(view, seat) {
  const index = view.out.indexOf(seat);
  return index < 0 ? null : index + 1;
}

function statusWords(view, seat) {
  const words = [];
  const out = place(view, seat);
  if (out) words.push(`out, place ${out}`);
  if (seat === view.current_player) words.push("to decide");
  if (view.passed.includes(seat)) words.push("passed");
  if (seat === view.leader && view.phase !== "arrange") words.push(view.trick.length ? "led this trick" : "leads");
  if (seat === view.kalo_holder) words.push("was dealt the Kalo");
  return words;
}

/** The prompt for the decision now: yours in full, another seat's in a line. */
function prompt(view, ui) {
  const seat = view.current_player;
  if (seat === null) return null;
  const mine = view.seat !== null && view.legal_actions.length > 0;
  const who = upper(ui.name(seat));
  const effect = view.effect;
  if (view.phase === "arrange") {
    return mine
      ? "Arrange your hand for this round. Once the first card is led, the order stays until the round ends, and a 6 lets a player take a card from a hand by its place: put the cards you most want to keep where they are hard to guess."
      : `${who} is arranging their hand: each player puts their cards in the order they will keep for the round.`;
  }
  if (view.phase === "play") {
    if (!mine) return `${who} to play.`;
    const last = view.trick.at(-1);
    if (!last) return "Your lead: play one to four cards of one rank.";
    return `Beat ${last.cards.map(cardLabel).join(" ")}: play ${plural(last.cards.length, "card")} of a higher rank (the Kalo beats anything), or pass.`;
  }
  if (view.phase !== "effect" || !effect) return null;
  const card = effect.card ? cardLabel(effect.card) : "the card";
  const more = effect.left > 1 ? ` (then ${plural(effect.left - 1, "more effect")} of this play)` : "";
  const owner = upper(ui.name(effect.seat));
  const theirs = `${owner === "You" ? "your" : `${owner}'s`} ${effect.rank} (${EFFECTS[effect.rank]})`;
  if (!mine) {
    if (effect.step === "insert" && effect.seat !== seat) return `${who} chooses where the card from ${owner} goes: ${theirs}.`;
    return `${who} resolves ${theirs}: choosing ${{ card: "a card", seat: "a player", slot: "a card by its place", insert: "where it goes" }[effect.step]}.`;
  }
  const steps = {
    3: {
      card: "Your 3: choose a card of your hand to give away face down.",
      seat: `Your 3: choose who gets ${card}.`,
    },
    4: { card: "Your 4: take a card from the discard pile.", insert: `Your 4: choose where ${card} goes in your hand.` },
    5: { card: "Your 5: choose a card of the discard pile to give away face down.", seat: `Your 5: choose who gets ${card}.` },
    6: {
      seat: "Your 6: choose whose hand to take a card from.",
      slot: `Your 6: choose a card of ${effect.target === null ? "their" : `${ui.name(effect.target)}'s`} hand by its place.`,
      insert: `Your 6: you took ${card}; choose where it goes in your hand.`,
    },
  };
  if (effect.step === "insert" && effect.seat !== view.seat) {
    return `${owner} gives you ${card} (their ${effect.rank}): choose where it goes in your hand.`;
  }
  return (steps[effect.rank]?.[effect.step] ?? `Your ${effect.rank}: choose.`) + more;
}

function otherHand(view, ui, seat) {
  const legal = new Set(view.legal_actions);
  const choosing = view.effect?.step === "slot" && view.effect.target === seat;
  const slots = view.hands[seat].map((slot, index) => {
    const marks = ["small", slot.received ? "received" : null];
    const label = `place ${index + 1}${slot.received ? ", received this round" : ""}`;
    const pick = choosing && legal.has(`slot ${index}`) ? () => ui.act(`slot ${index}`) : null;
    const key = `slot-${seat}-${index}`;
    if (slot.card !== null) {
      return cardFace(slot.card, { mark: [...marks, "known", pick ? "legal" : null], note: label, onclick: pick, key });
    }
    return cardBack({ mark: marks, label: `${upper(ui.name(seat))}'s card at ${label}`, onclick: pick, key: pick ? key : null });
  });
  const choose = legal.has(`seat ${seat}`)
    ? h(
        "button",
        { type: "button", class: "primary choose-seat", dataset: { key: `seat-${seat}`, action: `seat ${seat}` }, onclick: () => ui.act(`seat ${seat}`) },
        view.effect?.rank === 6 ? `Take from ${upper(ui.name(seat))}` : `Give to ${upper(ui.name(seat))}`,
      )
    : null;
  return h(
    "section",
    { class: ["seat-hand", seat === view.current_player ? "turn" : null], dataset: { seat: String(seat) }, "aria-label": `${upper(ui.name(seat))}'s hand` },
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
    return h("section", { class: "trick", "aria-label": "the trick" }, h("p", {}, view.phase === "play" ? `${upper(ui.name(view.leader))} ${view.leader === view.seat ? "lead" : "leads"} the next trick.` : "No trick yet."));
  }
  return h(
    "section",
    { class: "trick", "aria-label": "the trick" },
    h("h3", {}, `Trick led by ${ui.name(view.leader)}`),
    h(
      "ol",
      { class: "plays" },
      view.trick.map((play, index) =>
        h(
          "li",
          { class: ["play", index === view.trick.length - 1 ? "top" : null] },
          h("span", { class: "who" }, upper(ui.name(play.seat))),
          play.cards.map((card) => cardFace(card, { mark: ["small"] })),
          index === view.trick.length - 1 ? h("span", { class: "tag" }, "to beat") : null,
        ),
      ),
    ),
  );
}

function pile(view, ui) {
  const legal = new Set(view.legal_actions);
  const head = h("p", { class: "pile-size" }, `Discard pile: ${plural(view.pile_size, "card")}`);
  if (view.pile === null) return h("section", { class: "pile", "aria-label": "the discard pile" }, head);
  const cards = view.pile.map((card) =>
    cardFace(card, {
      key: `pile-${card}`,
      mark: ["small", legal.has(`card ${card}`) ? "legal" : null],
      onclick: legal.has(`card ${card}`) ? () => ui.act(`card ${card}`) : null,
    }),
  );
  return h("section", { class: "pile open", "aria-label": "the discard pile" }, head, h("div", { class: "hand" }, cards));
}

export default {
  name: "kalo",

  /** What a round summary shows of a round: who went out, who was blocked, how it ended. */
  highlights: new Set(["went_out", "blocked", "round_ended"]),

  /** The round summary's columns, from the round_ended event: each seat's place, its points and its total. */
  summaryColumns(end) {
    if (!end.points) return null;
    return [
      ["place", (seat) => (end.places.includes(seat) ? String(end.places.indexOf(seat) + 1) : "")],
      ["points", (seat) => String(end.points[seat])],
      ["total", (seat) => String(end.scores[seat])],
    ];
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
      h("p", {}, `Round ${view.round} · the first to ${target} points wins`),
      h("ul", { class: "scores", "aria-label": "scores" }, scores),
      h("p", {}, `${upper(ui.name(view.kalo_holder))} ${view.kalo_holder === me ? "were" : "was"} dealt the Kalo, the `, h("span", { class: "inline-card red" }, "2♥"), "."),
      view.removed.length ? h("p", {}, "Out of the game: ", view.removed.map((card) => cardFace(card, { mark: ["mini"] }))) : null,
    );
    const text = prompt(view, ui);
    const parts = [head, text ? h("p", { class: ["prompt", view.legal_actions.length ? "mine" : null] }, text) : null];
    parts.push(h("div", { class: "other-hands" }, others.map((seat) => otherHand(view, ui, seat))));
    parts.push(h("div", { class: "middle" }, trick(view, ui), pile(view, ui)));
    if (me !== null) {
      parts.push(
        h(
          "section",
          { class: ["my-hand", me === view.current_player ? "turn" : null], dataset: { seat: String(me) }, "aria-label": "your hand" },
          h("h3", {}, `Your hand · ${plural(view.hands[me].length, "card")} · ${plural(view.scores[me], "point")}`),
          h("p", { class: "status" }, statusWords(view, me).join(" · ")),
          myHand(view, ui, ui.local),
        ),
      );
    }
    return h("section", { class: "game kalo", "aria-label": "Kalo" }, parts);
  },
};
