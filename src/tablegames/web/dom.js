// Building the page with the DOM API only (the page's policy forbids HTML from strings), and drawing cards.

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
export const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };
const CARD = /(?<![\w♣♦♥♠])(10|[2-9JQKA])([cdhs])(?!\w)/g;

/** A card's notation ("Qh") as people read it ("Q♥"). */
export function cardLabel(card) {
  return card.slice(0, -1) + SUITS[card.slice(-1)];
}

/** A card's name for screen readers: "queen of hearts". */
export function cardName(card) {
  const rank = card.slice(0, -1);
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[card.slice(-1)]}`;
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
export function cardBack({ onclick = null, key = null, label = "a hidden card", mark = [] } = {}) {
  const attributes = { class: ["card", "back", ...mark], "aria-label": label, title: label, dataset: key ? { key } : {} };
  if (onclick) return h("button", { ...attributes, type: "button", onclick });
  return h("span", { ...attributes, role: "img" });
}

/** Show why a disabled control cannot be used, in the page's message line (for touch and keyboard users). */
export function showReason(element, reason) {
  element.dispatchEvent(new CustomEvent("tablegames:reason", { bubbles: true, detail: reason }));
}

/** A sentence with every card notation in it drawn with its suit symbol, red suits in red. */
export function sentence(text) {
  const parts = [];
  let end = 0;
  for (const match of text.matchAll(CARD)) {
    parts.push(text.slice(end, match.index));
    const suit = match[2];
    parts.push(h("span", { class: ["inline-card", suit === "h" || suit === "d" ? "red" : "black"] }, match[1] + SUITS[suit]));
    end = match.index + match[0].length;
  }
  parts.push(text.slice(end));
  return parts;
}

/** "seat 2" with who sits there: "seat 2 (you)", "seat 1 (heuristic bot)". */
export function seatName(seat, me, summary) {
  if (seat === me) return `seat ${seat} (you)`;
  const place = summary?.seats?.[seat];
  if (place?.player === "bot") return `seat ${seat} (${place.bot} bot)`;
  return `seat ${seat}`;
}

/** "1 card", "3 cards". */
export function plural(count, word, words = `${word}s`) {
  return `${count} ${count === 1 ? word : words}`;
}
