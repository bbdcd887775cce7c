// The parts of a table page that every game shares: the seats, the event log, the round summary, the result,
// the invitations and the decisions a game's drawing does not show.

import { append, fill, h, listed, plain, plural, sentence, upper } from "./dom.js";
import { eventSentence } from "./events.js";
import { has, t } from "./i18n.js";

/** A game's rules in short, folded, in the lobby and at the table: a player may read them at any time. */
export function howToPlay(game) {
  if (!has(`rules.${game}`)) return null;
  return h("details", { class: "how-to-play panel" }, h("summary", {}, t("how to play", { game: upper(game) })), h("p", {}, t(`rules.${game}`)));
}

/** The seats: who sits where, a person or a bot, connected or not, and the scores. */
export function seatsPanel(summary, view, me, name) {
  const unit = view?.game === "loo" ? "chip" : view?.game === "kalaha" ? "seed" : "point";
  const items = (summary?.seats ?? []).map((place) => {
    const seat = place.seat;
    const state = place.player === "bot" ? null : !place.joined ? "waiting" : place.connected ? null : "away";
    return h(
      "li",
      { class: [seat === view?.current_player ? "turn" : null, seat === me ? "me" : null], dataset: { seat: String(seat) } },
      h("span", { class: "seat-no" }, seat === view?.current_player ? "▶ " : "", upper(name(seat))),
      state ? h("span", { class: ["presence", state] }, ` (${t(`presence.${state}`)})`) : null,
      view ? h("span", { class: "score" }, ` · ${plural(view.scores[seat], unit)}`) : null,
    );
  });
  return h("section", { class: "panel seats", "aria-label": t("players") }, h("h2", {}, t("Players")), h("ul", {}, items));
}

/** The join links this tab holds for seats not yet taken, to give to the other players. */
export function invitesPanel(summary, invites) {
  const waiting = Object.entries(invites).filter(([seat]) => summary?.seats?.[Number(seat)]?.joined === false);
  if (!waiting.length) return null;
  return h(
    "section",
    { class: "panel invites", "aria-label": t("invitations") },
    h("h2", {}, t("invite players")),
    h("p", {}, t("send links")),
    waiting.map(([seat, link]) => {
      const field = h("input", { type: "text", readonly: true, value: link, "aria-label": t("link for", { who: t("player n", { n: Number(seat) + 1 }) }), dataset: { invite: seat } });
      const copy = h(
        "button",
        {
          type: "button",
          onclick: async (event) => {
            field.select();
            const button = event.currentTarget;
            try {
              await navigator.clipboard.writeText(link);
              button.textContent = t("copied");
            } catch {
              button.textContent = t("selected: copy it");
            }
          },
        },
        t("copy"),
      );
      return h("p", { class: "invite" }, h("label", {}, `${t("player n", { n: Number(seat) + 1 })}: `), field, " ", copy);
    }),
  );
}

/** An event's sentence; Loo's decision to play is said as staying in, so "plays" only ever plays a card. */
export function eventText(event) {
  if (event.type === "decided" && event.choice === "play") return `seat ${event.seat} stays in`;
  return event.text ?? event.type;
}

/** An event said to the player at `me`: in the page's language, or the server's sentence in plain words. */
export function told(event, name, me) {
  return eventSentence(event, name, me) ?? plain(eventText(event), name);
}

/** The event log: the events as this seat was told them, a sentence each, newest last; added to, not redrawn. */
export class Log {
  constructor() {
    this.list = h("ol", { class: "log", role: "log", "aria-label": t("what happened") });
    this.element = h("section", { class: "panel log-panel" }, h("h2", {}, t("What happened")), this.list);
    this.source = null;
    this.shown = 0;
    this.list.addEventListener("scroll", () => this.edge(), { passive: true });
  }
  /** Scrolled down, the log fades at its top, so that a line it cuts reads as one scrolled past, not as a fault. */
  edge() {
    this.list.classList.toggle("scrolled", this.list.scrollTop > 0);
  }
  show(connection, name) {
    if (connection !== this.source) {
      this.source = connection;
      this.shown = 0;
      fill(this.list);
    }
    const events = connection?.events ?? [];
    const items = events
      .slice(this.shown)
      .filter((event) => !(event.type === "arranged" && event.slot === event.to)) // a card left where it lay
      .map((event) => h("li", { class: `event ${event.type}`, dataset: { type: event.type } }, sentence(name ? told(event, name, connection.seat) : eventText(event))));
    append(this.list, items);
    this.shown = events.length;
    if (items.length) this.list.scrollTop = this.list.scrollHeight;
  }
  clear() {
    this.source = null;
    this.shown = 0;
    fill(this.list);
  }
}

/**
 * A round's summary, from the events of the round (from the last round's end to this `round_ended`): those of
 * the types the game's drawing names in `drawer.highlights`, and a row per seat with the columns the drawing
 * reads from the `round_ended` event (`drawer.summaryColumns`), or else the totals in the view.
 */
export function roundSummary(events, end, view, name, me, drawer) {
  const columns = drawer.summaryColumns?.(end) ?? [[t("total"), (seat) => String(view.scores[seat])]];
  const rows = view.scores.map((_, seat) =>
    h(
      "tr",
      { class: seat === me ? "me" : null, dataset: { seat: String(seat) } },
      h("th", { scope: "row" }, upper(name(seat))),
      columns.map(([, value]) => h("td", { class: "num" }, value(seat))),
    ),
  );
  const head = h("tr", {}, h("th", { scope: "col" }, t("player")), columns.map(([name]) => h("th", { scope: "col" }, name)));
  return [
    h("h2", {}, t("round over", { n: end.round_number ?? "" })),
    h("ul", { class: "highlights" }, events.filter((event) => drawer.highlights.has(event.type)).map((event) => h("li", {}, sentence(told(event, name, me))))),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows)),
  ];
}

/** The final result: who won, the scores, the record to keep; each said once (the log tells the end again). */
export function resultPanel(view, name, me, table, again = null) {
  const winners = view.winners;
  let verdict = t("the game is over");
  if (winners.length === view.scores.length) verdict = t("a draw");
  else if (winners.includes(me)) verdict = winners.length === 1 ? t("you win") : t("you share the win");
  else if (winners.length) verdict = t(winners.length === 1 ? "wins" : "share the win", { who: upper(listed(winners.map(name))) });
  const rows = view.scores.map((score, seat) =>
    h(
      "tr",
      { class: [winners.includes(seat) ? "winner" : null, seat === me ? "me" : null] },
      h("th", { scope: "row" }, upper(name(seat))),
      h("td", { class: "num" }, String(score)),
      h("td", {}, winners.includes(seat) ? t("winner") : ""),
    ),
  );
  return h(
    "section",
    { class: "panel result", "aria-label": t("the result") },
    h("h2", {}, verdict),
    h("table", {}, h("tbody", {}, rows)),
    again
      ? h(
          "p",
          {},
          h("button", { type: "button", class: "primary", dataset: { key: "again" }, onclick: again }, t("play again")),
          " ",
          h("span", { class: "note" }, t("play again note")),
        )
      : null,
    h(
      "p",
      {},
      h("a", { href: `/api/tables/${table}/record`, download: `tablegames-${table}.json` }, t("download the record")),
      " · ",
      h("a", { href: "/" }, t("back to the lobby")),
    ),
  );
}

/** Buttons for legal actions the game's drawing does not show (a new kind of decision): their notation. */
export function otherDecisions(actions, act) {
  if (!actions.length) return null;
  return h(
    "section",
    { class: "panel more", "aria-label": t("other decisions") },
    h("h2", {}, plural(actions.length, "other decision")),
    h(
      "div",
      { class: "actions" },
      actions.map((action) => h("button", { type: "button", dataset: { key: `other-${action}`, action }, onclick: () => act(action) }, action)),
    ),
  );
}
