// The events and refusals of every game said in the page's language, from their fields; English keeps the server's
// sentences for events.

import { SUITS, botName, cardLabel, listed, optionName, plain, plural, upper } from "./dom.js";
import { hasOwn, language, t } from "./i18n.js";

const letter = (pit) => String.fromCharCode(97 + pit);

/**
 * The kinds of event whose words depend on more than their type: the variant of `ev.<type>` each one is said with
 * ("ev.round_started.loo"), by the fields that tell the variants apart; null for the type's own words.
 */
const VARIANTS = {
  trick_won: (event) => (event.trick !== undefined ? "loo" : null),
  decided: (event) => event.choice,
  card_chosen: (event) => (event.rank === 4 ? "pile" : "hand"),
  target_chosen: (event) => (event.rank === 6 ? "rob" : "give"),
  round_started: (event) => (event.kalo_holder !== undefined ? "kalo" : event.dealer !== undefined ? "loo" : null),
  round_ended: (event) => (event.scoring?.length ? "kalo" : event.carry && !event.last_round ? "carry" : null),
};

/**
 * An event as a sentence in the page's language, or null where the server's own sentence stands (in English, and
 * for an event the language's table does not say). `name` names a seat; `me` is the seat of this page.
 */
export function eventSentence(event, name, me) {
  const variant = VARIANTS[event.type]?.(event);
  let key = variant ? `ev.${event.type}.${variant}` : `ev.${event.type}`;
  // The words for this page's own seat, where the language has them: the one acting, the one aimed at, the Kalo's
  // holder, the opener ("du legst", "an dich", "du hast das Kalo", "du eröffnest").
  const yours = [
    ["you", event.seat],
    ["to you", event.target ?? event.victim],
    ["you hold", event.kalo_holder],
    ["you open", event.opener],
    ["you deal", event.dealer],
  ];
  for (const [words, seat] of yours) {
    if (seat !== undefined && seat !== null && seat === me && hasOwn(`${key}.${words}`)) key = `${key}.${words}`;
  }
  if (!hasOwn(key)) return null;
  const card = (value, fallback) => (value ? cardLabel(String(value).replace(/ \(Pam\)$/, "")) : t(fallback));
  return upper(
    t(key, {
      who: upper(name(event.seat)),
      seeds: event.seeds === undefined ? "" : plural(event.seeds, "seed"),
      pit: event.pit === undefined ? "" : letter(event.pit),
      cards: Array.isArray(event.cards) ? event.cards.map((each) => cardLabel(String(each))).join(" ") : plural(event.cards ?? 0, "card"),
      card: card(event.card, "kalo.the card"),
      chips: plural(event.chips ?? event.p0 ?? event.fee ?? event.carry ?? 0, "chip"),
      n: event.round_number ?? event.trick ?? event.place ?? "",
      points: plural(event.points ?? 0, "point"),
      target: name(event.target ?? event.victim),
      leader: upper(name(event.leader ?? event.seat)),
      holder: upper(name(event.kalo_holder)),
      opener: name(event.opener),
      dealer: upper(name(event.dealer)),
      ante: plural(event.ante ?? 0, "chip"),
      pot: plural(event.pot ?? 0, "chip"),
      why: event.reason === undefined ? "" : t(`kalo.why.${event.reason}`),
      scoring: event.scoring === undefined ? "" : listed(event.scoring.map(name)),
      place: t("kalo.place", { n: (event.slot ?? 0) + 1 }),
      to: t("kalo.place", { n: (event.to ?? 0) + 1 }),
    }),
  );
}

/** Every card notation in a piece of notation ("3c 3d", "Qh") drawn with its suit symbol. */
const notation = (text) => String(text).replace(/(?<![\w♣♦♥♠])(10|[2-9JQKA])([cdhs])(?!\w)/g, (_, rank, suit) => rank + SUITS[suit]);

/**
 * Why an action, or a table's options or seats, were refused, said in the page's language from the reason the
 * server sends with the refusal (`{key, fields}`: seats, pits, ranks and counts as numbers, cards in notation, suits
 * as letters, options by name), or null where the page's language has no words for the key (the server's English
 * message stands). `name` names a seat; `game` is the client module of the table's game (none in the lobby), whose
 * `reasonFields(fields)`, where it has one, says the fields only that game has (a Kalo rank as its cards show it,
 * a Kalaha pit by its letter, a Loo suit by name). The words are the entry `reason.<key>`, given each field as the
 * player reads it (a seat by name or "you", a card as "Q♥", an option and a bot as the lobby names them, a bound as
 * the language writes numbers, and the game's own) and the fields as sent under `raw`.
 */
export function refusalSentence(reason, name, game = null) {
  const key = `reason.${reason?.key}`;
  if (!reason?.key || !hasOwn(key)) return null;
  const fields = reason.fields ?? {};
  const values = { raw: fields };
  for (const [field, value] of Object.entries(fields)) {
    if (value === null) values[field] = null;
    else if (field === "seat" || field === "current") values[field] = name(value);
    else if (field === "card" || field === "winning") values[field] = cardLabel(String(value));
    else if (field === "cards") values[field] = value.map((card) => cardLabel(String(card))).join(" ");
    else if (field === "action" || field === "play") values[field] = notation(value);
    else if (field === "text") values[field] = plain(value, name);
    else if (field === "game") values[field] = upper(String(value)); // "Kalaha", as the lobby names it
    else if (field === "option") values[field] = optionName(value);
    else if (field === "options") values[field] = value.map(optionName).join(", ");
    else if (field === "bots") values[field] = value.map(botName).join(", ");
    else if (field === "minimum" || field === "maximum") values[field] = value.toLocaleString(language);
    else if (Array.isArray(value)) values[field] = value.join(", ");
    else values[field] = value;
  }
  Object.assign(values, game?.reasonFields?.(fields));
  return upper(t(key, values));
}
