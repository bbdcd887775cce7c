// Loo, drawn from the view: the turned card and trump, the pot and what the tricks pay, every seat, the trick, your hand.

import { SUIT_NAMES, SUITS, cardFace, h, plural, upper } from "./dom.js";

const CHOICE_WORDS = { play: "stays in", drop: "dropped", miss: "took the Miss" };

/** What each of the five tricks pays from P0, the pot as trick play began (rule 4.1, L11). */
export function payouts(p0) {
  return [0, 1, 2, 3, 4].map((trick) => Math.floor(p0 / 5) + (trick < p0 % 5 ? 1 : 0));
}

function potLines(view) {
  const lines = [h("p", { class: "pot" }, h("strong", {}, `The pot holds ${plural(view.pot, "chip")}.`))];
  if (view.phase === "play" || view.p0 > 0) {
    const pays = payouts(view.p0);
    const trick = view.tricks.length;
    const odd = view.p0 % 5;
    lines.push(
      h(
        "p",
        { class: "p0" },
        `When the tricks began the pot held ${plural(view.p0, "chip")}. Each of the five tricks pays its winner a fifth of that`,
        odd ? `, and the first ${odd === 1 ? "trick" : `${odd} tricks`} one chip more: ${pays.join(", ")}.` : `: ${plural(pays[0], "chip")} each.`,
        trick < 5 ? ` This trick pays ${plural(pays[trick], "chip")}.` : "",
        " Whoever stayed in and wins no trick is looed and pays as much as the pot held into the next pot.",
      ),
    );
  } else if (view.phase === "decide") {
    lines.push(
      h(
        "p",
        { class: "p0" },
        "Stay in or drop. If two or more stay in, the five tricks share the pot as it stands when they begin, a fifth each. ",
        "Whoever stays in and wins no trick is looed: they pay that much again into the next pot.",
      ),
    );
  }
  if (view.carry) lines.push(h("p", {}, `${plural(view.carry, "chip")} paid by looed players wait for the next pot.`));
  return lines;
}

function seatsTable(view, ui) {
  const rows = view.scores.map((chips, seat) =>
    h(
      "tr",
      { class: [seat === view.seat ? "me" : null, seat === view.current_player ? "turn" : null], dataset: { seat: String(seat) } },
      h("th", { scope: "row" }, seat === view.current_player ? "▶ " : "", upper(ui.name(seat)), seat === view.dealer ? " · dealer" : "", seat === view.trick[0]?.seat ? " · led" : ""),
      h("td", { class: "num" }, String(chips)),
      h("td", {}, CHOICE_WORDS[view.decisions[seat]] ?? (view.phase === "decide" ? "to decide" : "—")),
      h("td", { class: "num" }, String(view.tricks_won[seat])),
      h("td", { class: "num" }, String(view.hand_sizes[seat])),
    ),
  );
  return h(
    "table",
    { class: "loo-seats" },
    h("caption", {}, "The table"),
    h("thead", {}, h("tr", {}, ["player", "chips", "this hand", "tricks", "cards"].map((head) => h("th", { scope: "col" }, head)))),
    h("tbody", {}, rows),
  );
}

function trickArea(view, ui) {
  const number = view.tricks.length + 1;
  const plays = view.trick.map((play) =>
    h("li", { class: "play" }, h("span", { class: "who" }, upper(ui.name(play.seat))), cardFace(play.card, { mark: ["small"] })),
  );
  const done = view.tricks.map((trick, index) =>
    h("li", {}, `Trick ${index + 1}: `, trick.map((play) => cardFace(play.card, { mark: ["mini"], note: ui.name(play.seat) }))),
  );
  return h(
    "section",
    { class: "trick", "aria-label": "tricks" },
    view.phase === "play" ? h("h3", {}, `Trick ${Math.min(number, 5)} of 5`) : null,
    plays.length ? h("ol", { class: "plays" }, plays) : view.phase === "play" ? h("p", {}, `${upper(ui.name(view.current_player))} ${ui.name(view.current_player) === "you" ? "lead" : "leads"}.`) : null,
    done.length ? h("ol", { class: "done-tricks" }, done) : null,
  );
}

export default {
  name: "loo",

  /** What a round summary shows of a round: who took the tricks and the pot, who was looed, how it ended. */
  highlights: new Set(["pot_won", "trick_won", "looed", "round_ended", "undistributed"]),

  /** The round summary's columns, from the round_ended event: tricks, chips won, the loo paid, the balance. */
  summaryColumns(end) {
    if (!end.tricks) return [["chips", (seat) => String(end.balances[seat])]];
    return [
      ["tricks", (seat) => String(end.tricks[seat])],
      ["chips won", (seat) => String(end.won[seat])],
      ["looed", (seat) => (end.looed.includes(seat) ? `paid ${end.loo}` : "")],
      ["chips", (seat) => String(end.balances[seat])],
    ];
  },

  handles: (action) => ["play", "drop", "miss"].includes(action) || /^(10|[2-9JQKA])[cdhs]$/.test(action),

  draw(view, ui) {
    const legal = new Set(view.legal_actions);
    const mine = view.seat !== null && view.legal_actions.length > 0;
    const header = h(
      "div",
      { class: "loo-head" },
      h("p", {}, `Round ${view.round} of ${view.rounds} · ${upper(ui.name(view.dealer))} ${ui.name(view.dealer) === "you" ? "deal" : "deals"}`),
      h(
        "p",
        { class: "turned" },
        "Turned up: ",
        cardFace(view.turned, { mark: ["small"] }),
        ` so ${SUIT_NAMES[view.trump]} ${SUITS[view.trump]} are trumps.`,
      ),
    );
    const parts = [header, h("div", { class: "loo-pot" }, potLines(view)), seatsTable(view, ui), trickArea(view, ui)];
    if (view.seat !== null) {
      let prompt = null;
      let buttons = null;
      if (mine && view.phase === "decide") {
        prompt = "Your decision: stay in and play this hand, or drop it" + (legal.has("miss") ? ", or take the Miss (a spare hand) instead" : "") + ".";
        buttons = h(
          "div",
          { class: "actions" },
          [
            ["play", "Stay in"],
            ["drop", "Drop"],
            ["miss", "Take the Miss"],
          ]
            .filter(([action]) => legal.has(action))
            .map(([action, words]) =>
              h("button", { type: "button", class: "primary", dataset: { key: `act-${action}`, action }, onclick: () => ui.act(action) }, words),
            ),
        );
      } else if (mine) {
        prompt = view.trick.length ? "Your card: follow suit if you can; greyed cards say why they may not be played." : "Your lead: play any card.";
      }
      const reasons = ui.reasons(mine && view.phase === "play" ? view.hand.filter((card) => !legal.has(card)) : []);
      const hand = view.hand.map((card) =>
        mine && view.phase === "play"
          ? cardFace(card, {
              key: `card-${card}`,
              onclick: () => ui.act(card),
              reason: legal.has(card) ? null : ui.plain(reasons.get(card) ?? "you may not play this card now"),
              mark: legal.has(card) ? ["legal"] : ["illegal"],
            })
          : cardFace(card),
      );
      parts.push(
        h(
          "section",
          { class: "my-hand", "aria-label": "your hand" },
          h("h3", {}, "Your hand"),
          prompt ? h("p", { class: "prompt" }, prompt) : null,
          h("div", { class: "hand" }, hand.length ? hand : h("p", {}, "No cards.")),
          buttons,
          view.given_up.length
            ? h("p", {}, "You gave up for the Miss: ", view.given_up.map((card) => cardFace(card, { mark: ["mini"] })))
            : null,
        ),
      );
    }
    return h("section", { class: "game loo", "aria-label": "Loo" }, parts);
  },
};
