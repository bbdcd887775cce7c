// The events of every game said in the page's language, from their fields; English keeps the server's sentences.

import { cardLabel, plural, upper } from "./dom.js";
import { hasOwn, t } from "./i18n.js";

const letter = (pit) => String.fromCharCode(97 + pit);

/**
 * An event as a sentence in the page's language, or null where the server's own sentence stands (in English, and
 * for an event the language's table does not say). `name` names a seat; `me` is the seat of this page.
 */
export function eventSentence(event, name, me) {
  const mine = event.seat !== undefined && event.seat === me;
  let key = `ev.${event.type}`;
  if (event.type === "trick_won" && event.trick !== undefined) key = "ev.trick_won.loo";
  if (event.type === "decided") key = `ev.decided.${event.choice}`;
  if (event.type === "card_chosen") key = event.rank === 4 ? "ev.card_chosen.pile" : "ev.card_chosen.hand";
  if (event.type === "target_chosen") key = event.rank === 6 ? "ev.target_chosen.rob" : "ev.target_chosen.give";
  if (event.type === "round_started" && event.kalo_holder !== undefined) key = "ev.round_started.kalo";
  if (mine && hasOwn(`${key}.you`)) key = `${key}.you`;
  if (!hasOwn(key)) return null;
  const card = (value, fallback) => (value ? cardLabel(String(value).replace(/ \(Pam\)$/, "")) : t(fallback));
  return upper(
    t(key, {
      who: upper(name(event.seat)),
      seeds: event.seeds === undefined ? "" : plural(event.seeds, "seed"),
      pit: event.pit === undefined ? "" : letter(event.pit),
      cards: Array.isArray(event.cards) ? event.cards.map((each) => cardLabel(String(each))).join(" ") : plural(event.cards ?? 0, "card"),
      card: card(event.card, "kalo.the card"),
      chips: plural(event.chips ?? event.p0 ?? event.fee ?? 0, "chip"),
      n: event.round_number ?? event.trick ?? event.place ?? "",
      points: plural(event.points ?? 0, "point"),
      target: name(event.target ?? event.victim),
      leader: upper(name(event.leader ?? event.seat)),
      holder: upper(name(event.kalo_holder)),
      opener: name(event.opener),
      place: t("kalo.place", { n: (event.slot ?? 0) + 1 }),
    }),
  );
}
