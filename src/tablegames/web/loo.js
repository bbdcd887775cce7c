// Loo, drawn from the view: the turned card and trump, the pot and what the tricks pay, every seat, the trick, your hand.

import { SUITS, cardFace, h, plural, suitName, upper } from "./dom.js";
import { t } from "./i18n.js";


/** What each of the five tricks pays from P0, the pot as trick play began (rule 4.1, L11). */
export function payouts(p0) {
  return [0, 1, 2, 3, 4].map((trick) => Math.floor(p0 / 5) + (trick < p0 % 5 ? 1 : 0));
}

function potLines(view) {
  const lines = [h("p", { class: "pot" }, h("strong", {}, t("loo.pot", { chips: plural(view.pot, "chip") })))];
  if (view.phase === "play" || view.p0 > 0) {
    const pays = payouts(view.p0);
    const trick = view.tricks.length;
    const odd = view.p0 % 5;
    lines.push(
      h(
        "p",
        { class: "p0" },
        t("loo.fifths", { chips: plural(view.p0, "chip") }),
        odd ? t("loo.odd", { n: odd, pays: pays.join(", ") }) : t("loo.even", { chips: plural(pays[0], "chip") }),
        trick < 5 ? t("loo.this trick", { chips: plural(pays[trick], "chip") }) : "",
        view.round >= view.rounds ? t("loo.looed last") : t("loo.looed"),
      ),
    );
  } else if (view.phase === "decide") {
    lines.push(
      h(
        "p",
        { class: "p0" },
        t("loo.decide"),
        view.round >= view.rounds ? t("loo.looed last") : "",
      ),
    );
  }
  if (view.carry) {
    const last = view.round >= view.rounds && (view.is_over || view.phase === "play" || view.phase === "over");
    lines.push(h("p", {}, t(last ? "loo.carry last" : "loo.carry", { chips: plural(view.carry, "chip") })));
  }
  return lines;
}

function seatsTable(view, ui) {
  const rows = view.scores.map((chips, seat) =>
    h(
      "tr",
      { class: [seat === view.seat ? "me" : null, seat === view.current_player ? "turn" : null], dataset: { seat: String(seat) } },
      h("th", { scope: "row" }, seat === view.current_player ? "▶ " : "", upper(ui.name(seat)), seat === view.dealer ? ` · ${t("loo.dealer")}` : "", seat === view.trick[0]?.seat ? ` · ${t("loo.led")}` : ""),
      h("td", { class: "num" }, String(chips)),
      h("td", {}, view.decisions[seat] ? t(`loo.choice.${view.decisions[seat]}`) : view.phase === "decide" ? t("loo.deciding") : "—"),
      h("td", { class: "num" }, String(view.tricks_won[seat])),
      h("td", { class: "num" }, String(view.hand_sizes[seat])),
    ),
  );
  return h(
    "table",
    { class: "loo-seats" },
    h("caption", {}, t("loo.the table")),
    h("thead", {}, h("tr", {}, ["player", "chips", "this hand", "tricks", "cards"].map((head) => h("th", { scope: "col" }, t(head))))),
    h("tbody", {}, rows),
  );
}

function trickArea(view, ui) {
  const number = view.tricks.length + 1;
  const plays = view.trick.map((play) =>
    h("li", { class: "play" }, h("span", { class: "who" }, upper(ui.name(play.seat))), cardFace(play.card, { mark: ["small"] })),
  );
  const done = view.tricks.map((trick, index) =>
    h("li", {}, `${t("loo.trick n", { n: index + 1 })}: `, trick.map((play) => cardFace(play.card, { mark: ["mini"], note: ui.name(play.seat) }))),
  );
  return h(
    "section",
    { class: "trick", "aria-label": t("tricks") },
    view.phase === "play" ? h("h3", {}, t("loo.trick of five", { n: Math.min(number, 5) })) : null,
    plays.length ? h("ol", { class: "plays" }, plays) : view.phase === "play" ? h("p", {}, view.current_player === view.seat ? t("you lead") : t("leads", { who: upper(ui.name(view.current_player)) })) : null,
    done.length ? h("ol", { class: "done-tricks" }, done) : null,
  );
}

export default {
  name: "loo",

  /** What a round summary tells of a round under its title: who took the tricks and the pot, who was looed. */
  highlights: new Set(["pot_won", "trick_won", "looed", "undistributed"]),

  /** The round summary's columns, from the round_ended event: tricks, chips won, the loo paid, the balance. */
  summaryColumns(end) {
    if (!end.tricks) return [[t("chips"), (seat) => String(end.balances[seat])]];
    return [
      [t("tricks"), (seat) => String(end.tricks[seat])],
      [t("chips won"), (seat) => String(end.won[seat])],
      [t("looed"), (seat) => (end.looed.includes(seat) ? t("paid", { n: end.loo }) : "")],
      [t("chips"), (seat) => String(end.balances[seat])],
    ];
  },

  /** A refusal's fields only Loo has, as players read them: the suit led and the trump suit by name. */
  reasonFields(fields) {
    return {
      ...(typeof fields.led === "string" ? { led: suitName(fields.led) } : {}),
      ...(typeof fields.trump === "string" ? { trump: suitName(fields.trump) } : {}),
    };
  },

  handles: (action) => ["play", "drop", "miss"].includes(action) || /^(10|[2-9JQKA])[cdhs]$/.test(action),

  draw(view, ui) {
    const legal = new Set(view.legal_actions);
    const mine = view.seat !== null && view.legal_actions.length > 0;
    const header = h(
      "div",
      { class: "loo-head" },
      h("p", {}, `${t("round of", { n: view.round, of: view.rounds })} · ${view.dealer === view.seat ? t("you deal") : t("deals", { who: upper(ui.name(view.dealer)) })}`),
      h(
        "p",
        { class: "turned" },
        `${t("loo.turned")} `,
        cardFace(view.turned, { mark: ["small"] }),
        ` ${t("loo.trumps", { suit: `${suitName(view.trump)} ${SUITS[view.trump]}` })}`,
      ),
    );
    const parts = [header, h("div", { class: "loo-pot" }, potLines(view)), seatsTable(view, ui), trickArea(view, ui)];
    if (view.seat !== null) {
      let prompt = null;
      let buttons = null;
      if (mine && view.phase === "decide") {
        prompt = legal.has("miss") ? t("loo.decide prompt miss") : t("loo.decide prompt");
        buttons = h(
          "div",
          { class: "actions" },
          [
            ["play", t("loo.stay in")],
            ["drop", t("loo.drop")],
            ["miss", t("loo.take the miss")],
          ]
            .filter(([action]) => legal.has(action))
            .map(([action, words]) =>
              h("button", { type: "button", class: "primary", dataset: { key: `act-${action}`, action }, onclick: () => ui.act(action) }, words),
            ),
        );
      } else if (mine) {
        prompt = view.trick.length ? t("loo.follow prompt") : t("loo.lead prompt");
      }
      const reasons = ui.reasons(mine && view.phase === "play" ? view.hand.filter((card) => !legal.has(card)) : []);
      const hand = view.hand.map((card) =>
        mine && view.phase === "play"
          ? cardFace(card, {
              key: `card-${card}`,
              onclick: () => ui.act(card),
              reason: legal.has(card) ? null : ui.plain(reasons.get(card) ?? t("loo.not now")),
              mark: legal.has(card) ? ["legal"] : ["illegal"],
            })
          : cardFace(card),
      );
      parts.push(
        h(
          "section",
          { class: "my-hand", "aria-label": t("your hand") },
          h("h3", {}, t("Your hand")),
          prompt ? h("p", { class: "prompt" }, prompt) : null,
          h("div", { class: "hand" }, hand.length ? hand : h("p", {}, t("no cards"))),
          buttons,
          view.given_up.length
            ? h("p", {}, `${t("loo.gave up")} `, view.given_up.map((card) => cardFace(card, { mark: ["mini"] })))
            : null,
        ),
      );
    }
    return h("section", { class: "game loo", "aria-label": "Loo" }, parts);
  },
};
