// Building the page with the DOM API only (the page's policy forbids HTML from strings), and drawing cards.

import { has, language, t } from "./i18n.js";

/**
 * An element: `h("button", {class: "card", onclick: f, dataset: {key: "x"}}, "text", child, ...)`.
 * Attributes that are false, null or undefined are left out; `true` sets an empty attribute.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "class") element.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/** Add children (elements, text, arrays of them; null and false are skipped). */
export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replace an element's children. */
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

export const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
/** A suit's name in the page's language: "hearts". */
export const suitName = (suit) => t(`suit.${suit}`);
// A card in a sentence: in notation ("10h", the server's English) or as drawn ("10♥", the page's own languages).
const CARD = /(?<![\w♣♦♥♠])(10|[2-9JQKA])([cdhs♣♦♥♠])(?!\w)/g;
const SUIT_OF = { "♣": "c", "♦": "d", "♥": "h", "♠": "s" };

/** A card's notation ("Qh") as people read it ("Q♥"). */
export function cardLabel(card) {
  return card.slice(0, -1) + SUITS[card.slice(-1)];
}

/** A card's name for screen readers: "queen of hearts". */
export function cardName(card) {
  const rank = card.slice(0, -1);
  return t("card name", { rank: "JQKA".includes(rank) ? t(`rank.${rank}`) : rank, suit: suitName(card.slice(-1)) });
}

/**
 * A card face. With `onclick` it is a button (`disabled` by a reason shown on hover and focus, which keeps it
 * focusable); `mark` adds classes, `note` a small line under it.
 */
export function cardFace(card, { onclick = null, reason = null, pressed = null, mark = [], key = null, note = null, title = null } = {}) {
  const suit = card.slice(-1);
  const classes = ["card", "face", suit === "h" || suit === "d" ? "red" : "black", ...mark];
  const attributes = {
    class: classes,
    dataset: { card, ...(key ? { key } : {}) },
    title: reason ?? title ?? cardName(card),
    "aria-label": `${cardLabel(card)} (${cardName(card)})${note ? `, ${note}` : ""}${reason ? `: ${reason}` : ""}`,
  };
  const face = [
    h("span", { class: "corner", "aria-hidden": "true" }, h("span", { class: "rank" }, card.slice(0, -1)), h("span", { class: "index" }, SUITS[suit])),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit]),
  ];
  if (onclick || reason) {
    return h(
      "button",
      {
        ...attributes,
        type: "button",
        "aria-disabled": reason ? "true" : null,
        "aria-pressed": pressed === null ? null : String(pressed),
        onclick: (event) => (reason ? showReason(event.currentTarget, reason) : onclick(event)),
      },
      face,
    );
  }
  return h("span", { ...attributes, role: "img" }, face);
}

/** A card whose face this seat does not know. */
export function cardBack({ onclick = null, key = null, label = t("a hidden card"), mark = [] } = {}) {
  const attributes = { class: ["card", "back", ...mark], "aria-label": label, title: label, dataset: key ? { key } : {} };
  if (onclick) return h("button", { ...attributes, type: "button", onclick });
  return h("span", { ...attributes, role: "img" });
}

/** Show why a disabled control cannot be used, in the page's message line (for touch and keyboard users). */
export function showReason(element, reason) {
  element.dispatchEvent(new CustomEvent("tablegames:reason", { bubbles: true, detail: reason }));
}

/** A sentence with every card in it drawn with its suit symbol, red suits in red, whether in notation or drawn. */
export function sentence(text) {
  const parts = [];
  let end = 0;
  for (const match of text.matchAll(CARD)) {
    parts.push(text.slice(end, match.index));
    const suit = SUIT_OF[match[2]] ?? match[2];
    parts.push(h("span", { class: ["inline-card", suit === "h" || suit === "d" ? "red" : "black"] }, match[1] + SUITS[suit]));
    end = match.index + match[0].length;
  }
  parts.push(text.slice(end));
  return parts;
}

const BOT_LEVELS = { random: "easy", heuristic: "medium", search: "strong" };

/** A bot's name, for its level: "Easy bot", "Medium bot", "Strong bot". */
export function botName(bot) {
  return t(`bot.${BOT_LEVELS[bot] ?? "strong"}`);
}

/** An option of a game by its name in the page's language ("Pits per side"), or its own name spelled out. */
export function optionName(name) {
  return has(`option.${name}`) ? t(`option.${name}`) : String(name).replaceAll("_", " ");
}

/** Who sits at `seat`, as players say it: "you", the name its player goes by, "Medium bot", or "Player 2" (from 1). */
export function seatName(seat, me, summary) {
  if (seat === null || seat === undefined) return t("nobody");
  if (seat === me) return t("you");
  const place = summary?.seats?.[seat];
  if (place?.player === "bot") {
    // Bots of one level at one table are told apart by their place: "Medium bot 2", "Medium bot 3".
    const level = BOT_LEVELS[place.bot] ?? "strong";
    const same = summary.seats.filter((other) => other.player === "bot" && (BOT_LEVELS[other.bot] ?? "strong") === level);
    return same.length > 1 ? `${botName(place.bot)} ${seat + 1}` : botName(place.bot);
  }
  return place?.name ?? t("player n", { n: seat + 1 });
}

/** "A", "A and B", "A, B and C", in the page's language ("A, B und C") or in ``locale``. */
export function listed(words, locale = language === "en" ? "en-GB" : language) {
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(words);
}

/** Capitalised, for the start of a sentence. */
export function upper(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Verbs of the server's sentences as said to "you": "you sows" is "you sow". */
const YOU_VERBS = Object.fromEntries(
  ["captures", "gives", "leads", "moves", "pays", "plays", "puts", "robs", "sows", "takes", "wins", "stays", "drops", "deals", "receives", "shares"]
    .map((verb) => [verb, verb.slice(0, -1)])
    .concat([["passes", "pass"], ["is", "are"], ["has", "have"], ["holds", "hold"], ["goes", "go"]]),
);

const RULING = /\s*\((?:[HKL]\d{1,2})\b[^)]*\)/g;

/**
 * A sentence of the server (an event, a refusal) said to a player: no rule codes, and every "seat N" by the
 * name of who sits there ("you" for this seat).
 */
export function plain(text, name) {
  let said = String(text ?? "").replace(RULING, "");
  said = said.replace(/\bseat (\d+)'s\b/g, (_, seat) => {
    const who = name(Number(seat));
    return who === t("you") ? "your" : `${who}'s`;
  });
  said = said.replace(/\bseat (\d+) (is|has|holds)\b/g, (_, seat, verb) =>
    name(Number(seat)) === t("you") ? `you ${{ is: "are", has: "have", holds: "hold" }[verb]}` : `${name(Number(seat))} ${verb}`,
  );
  said = said.replace(/\bseats? (\d+(?:(?:, | and )\d+)*)/g, (_, list) => listed(list.split(/, | and /).map((seat) => name(Number(seat))), "en-GB"));
  said = said.replace(/\bslot (\d+)\b/g, (_, slot) => `place ${Number(slot) + 1}`);
  said = said.replace(/\byou (\w+)\b/gi, (all, verb) => (verb in YOU_VERBS ? `${all.slice(0, 3)} ${YOU_VERBS[verb]}` : all));
  if (/^you /i.test(said)) said = said.replace(/\band (\w+)\b/g, (all, verb) => (verb in YOU_VERBS ? `and ${YOU_VERBS[verb]}` : all));
  said = said.replace(/option (\w+)/g, (_, option) => `the option "${option.replaceAll("_", " ")}"`);
  said = said.replace(/(^|[.!?]\s+)you\b/g, (all, start) => `${start}You`);
  return upper(said.trim());
}

/** "1 card", "3 cards", in the page's language (the tables' entry "n card" and the like). */
export function plural(count, word) {
  return t(`n ${word}`, { n: count });
}
