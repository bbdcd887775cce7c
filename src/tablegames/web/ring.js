// The seats around the table: each player's name and chips or points, whose turn it is, who leads and deals, and
// the cards of the trick in the middle; the card just played comes in with a short movement (none under
// prefers-reduced-motion, see style.css).

import { cardFace, h, plural, upper } from "./dom.js";
import { t } from "./i18n.js";

/** The cards lying in the middle: Loo's trick (one card a seat), or the plays of Kalo's trick (the last on top). */
function middle(view) {
  if (view.game === "loo") return view.trick.map((play) => ({ seat: play.seat, cards: [play.card] }));
  if (view.game === "kalo") return view.trick.map((play) => ({ seat: play.seat, cards: play.cards }));
  return [];
}

/**
 * The table seen from `view.seat` (at the bottom), the others round it in playing order. `fresh` says whether the
 * last play in the middle is new since the last drawing (it moves in once).
 */
export function tableRing(view, name, fresh) {
  if (view.game !== "loo" && view.game !== "kalo") return null;
  const players = view.scores.length;
  const me = view.seat ?? 0;
  const unit = view.game === "loo" ? "chip" : "point";
  const plays = middle(view);
  const leader = view.game === "loo" ? view.trick[0]?.seat : view.phase === "arrange" ? null : view.leader;
  const seats = view.scores.map((score, seat) => {
    const turn = seat === view.current_player;
    const position = (seat - me + players) % players; // 0 at the bottom, then round the table in playing order
    const element = h(
      "li",
      {
        class: ["ring-seat", turn ? "turn" : null, seat === view.seat ? "me" : null],
        dataset: { seat: String(seat), position: String(position) },
        "aria-current": turn ? "true" : null,
      },
      h("span", { class: "ring-name" }, upper(name(seat))),
      h("span", { class: "ring-score" }, plural(score, unit)),
      seat === leader ? h("span", { class: "badge" }, t("ring.leads")) : null,
      view.game === "loo" && seat === view.dealer ? h("span", { class: "badge dealer" }, t("loo.dealer")) : null,
      turn ? h("span", { class: "badge turn" }, seat === view.seat ? t("ring.your turn") : t("ring.to play")) : null,
    );
    const angle = (position / players) * 2 * Math.PI;
    // Where round the table the seat sits: on a circle, and the same way out on a square, for a phone's board.
    // style.css places it there, a little inside the table's edge.
    const [x, y] = [Math.sin(angle), Math.cos(angle)];
    const out = Math.max(Math.abs(x), Math.abs(y));
    for (const [key, value] of Object.entries({ "--x": x, "--y": y, "--square-x": x / out, "--square-y": y / out })) {
      element.style.setProperty(key, value.toFixed(3));
    }
    return element;
  });
  const cards = plays.map((play, index) =>
    h(
      "li",
      { class: ["ring-play", index === plays.length - 1 && fresh ? "fresh" : null], dataset: { seat: String(play.seat) } },
      play.cards.map((card) => cardFace(card, { mark: ["mini"], note: name(play.seat) })),
    ),
  );
  const ring = h(
    "section",
    { class: "ring", "aria-label": t("ring.table") },
    h("ol", { class: "ring-seats" }, seats),
    h("ol", { class: "ring-middle", "aria-label": t("the trick") }, cards),
  );
  ring.style.setProperty("--seats", String(players)); // the table grows with its seats (style.css)
  return ring;
}
