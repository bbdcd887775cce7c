// Kalo: your own hand — arranging it before play (drag, click or keys; sort by rank), choosing cards to play,
// giving a card for a 3, and choosing where a card received goes.

import { cardFace, cardLabel, h } from "./dom.js";
import { t } from "./i18n.js";

/** A screen worked by touch, with no mouse and likely no keyboard: the hand's note speaks of tapping, not keys. */
const TOUCH = matchMedia("(pointer: coarse)");

const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SUIT_ORDER = "cdhs";

/** A card's place in Kalo's order, 3 lowest and the Kalo (2♥) highest (rules 1.2); suits only break ties. */
export function power(card) {
  if (card === "2h") return RANKS.length * 4;
  return RANKS.indexOf(card.slice(0, -1)) * 4 + SUIT_ORDER.indexOf(card.slice(-1));
}

export const byRank = (cards) => [...cards].sort((a, b) => power(a) - power(b));

/** How many slots of the hand are already placed while arranging: the lowest slot `arrange k` may move. */
function placed(view) {
  const slots = view.legal_actions.filter((a) => a.startsWith("arrange ")).map((a) => Number(a.slice(8)));
  return slots.length ? Math.min(...slots) : 0;
}

/** Whether `seat` has arranged already: arranging goes round from the opener, the Kalo holder last (K3). */
function arrangedAlready(view, seat) {
  const players = view.hands.length;
  const opener = (view.kalo_holder + 1) % players;
  const order = (s) => (s - opener + players) % players;
  return view.current_player !== null && order(seat) < order(view.current_player);
}

/**
 * Send the decisions that arrange the hand in `order`: `arrange k` moves the card at slot k to the next
 * place of the arranged front; once the rest already lies in order, `ready` (K3). One decision at a time,
 * each after the server has taken the one before.
 */
export async function sendOrder(ui, order) {
  for (;;) {
    const view = ui.view();
    if (view.phase !== "arrange" || !view.legal_actions.length) return;
    const hand = view.hands[view.seat].map((slot) => slot.card);
    const front = placed(view);
    if (hand.slice(front).every((card, index) => card === order[front + index])) {
      await ui.act("ready");
      return;
    }
    const slot = hand.indexOf(order[front]);
    if (slot < front || !(await ui.act(`arrange ${slot}`))) return;
  }
}

function draft(view, local) {
  const hand = view.hands[view.seat].map((slot) => slot.card);
  const same = local.draft && local.draft.length === hand.length && hand.every((card) => local.draft.includes(card));
  if (!same || view.phase !== "arrange") local.draft = hand;
  return local.draft;
}

function move(local, card, to) {
  const order = local.draft.filter((each) => each !== card);
  order.splice(Math.max(0, Math.min(to, order.length)), 0, card);
  local.draft = order;
}

function arrangeHand(view, ui, local) {
  const order = draft(view, local);
  const free = !arrangedAlready(view, view.seat) && !local.sending;
  const mine = view.legal_actions.length > 0 && free;
  const cards = order.map((card, index) => {
    const face = cardFace(card, {
      key: `card-${card}`,
      pressed: free ? local.pick === card : null,
      mark: ["arrange", free ? "movable" : null],
      note: t("kalo.place", { n: index + 1 }),
      onclick: free
        ? () => {
            if (local.pick && local.pick !== card) {
              move(local, local.pick, order.indexOf(card));
              local.pick = null;
            } else {
              local.pick = local.pick === card ? null : card;
            }
            ui.refresh();
          }
        : null,
    });
    if (free) {
      face.draggable = true;
      face.addEventListener("dragstart", (event) => {
        event.dataTransfer.setData("text/plain", card);
        event.dataTransfer.effectAllowed = "move";
      });
      face.addEventListener("dragover", (event) => event.preventDefault());
      face.addEventListener("drop", (event) => {
        event.preventDefault();
        const dragged = event.dataTransfer.getData("text/plain");
        if (!order.includes(dragged) || dragged === card) return;
        const box = face.getBoundingClientRect();
        const after = event.clientX > box.left + box.width / 2;
        const rest = order.filter((each) => each !== dragged);
        move(local, dragged, rest.indexOf(card) + (after ? 1 : 0));
        local.pick = null;
        ui.refresh();
      });
      face.addEventListener("keydown", (event) => {
        if (!event.shiftKey || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
        event.preventDefault();
        move(local, card, order.indexOf(card) + (event.key === "ArrowLeft" ? -1 : 1));
        ui.refresh();
      });
    }
    return face;
  });
  const send = async (wanted) => {
    local.sending = true;
    local.draft = wanted;
    ui.refresh();
    try {
      await sendOrder(ui, wanted);
    } finally {
      local.sending = false;
      ui.refresh();
    }
  };
  const buttons = h(
    "div",
    { class: "actions" },
    h("button", { type: "button", disabled: !mine, dataset: { key: "sort" }, onclick: () => send(byRank(order)) }, t("kalo.sort")),
    h("button", { type: "button", class: "primary", disabled: !mine, dataset: { key: "done" }, onclick: () => send(order) }, t("kalo.done arranging")),
  );
  let note = t(TOUCH.matches ? "kalo.tap" : "kalo.drag");
  if (local.sending) note = t("kalo.sending");
  else if (!free) note = t("kalo.arranged");
  else if (!mine) note = t("kalo.order now");
  return [h("div", { class: "hand arranging", role: "group", "aria-label": t("your hand") }, cards), h("p", { class: "note" }, note), buttons];
}

function playHand(view, ui, local) {
  const hand = view.hands[view.seat];
  const legal = view.legal_actions;
  const plays = legal.filter((action) => action !== "pass").map((action) => action.split(" "));
  const playable = new Set(plays.flat());
  const held = new Set(hand.map((slot) => slot.card));
  if (local.decisions !== ui.decisions()) {
    local.selected = [];
    local.decisions = ui.decisions();
  }
  local.selected = local.selected.filter((card) => held.has(card) && playable.has(card));
  const chosen = new Set(local.selected);
  const match = plays.find((cards) => cards.length === chosen.size && cards.every((card) => chosen.has(card)));
  const selection = [...chosen].sort((a, b) => power(a) - power(b)).join(" ");
  const reasons = ui.reasons([...hand.map((slot) => slot.card).filter((card) => !playable.has(card)), ...(selection && !match ? [selection] : [])]);
  const cards = hand.map((slot, index) =>
    cardFace(slot.card, {
      key: `card-${slot.card}`,
      pressed: playable.has(slot.card) ? chosen.has(slot.card) : null,
      reason: playable.has(slot.card) ? null : ui.plain(reasons.get(slot.card) ?? t("kalo.no play holds")),
      mark: [playable.has(slot.card) ? "legal" : "illegal", slot.received ? "received" : null, chosen.has(slot.card) ? "selected" : null],
      note: slotNote(view, ui, slot, index),
      onclick: () => {
        local.selected = chosen.has(slot.card) ? local.selected.filter((card) => card !== slot.card) : [...local.selected, slot.card];
        ui.refresh();
      },
    }),
  );
  const blocked = selection && !match ? ui.plain(reasons.get(selection) ?? t("kalo.not together")) : null;
  const buttons = h(
    "div",
    { class: "actions" },
    h(
      "button",
      {
        type: "button",
        class: "primary",
        "aria-disabled": match ? null : "true",
        title: blocked ?? (match ? null : t("kalo.choose cards")),
        dataset: { key: "play" },
        onclick: () => (match ? ui.act(match.join(" ")) : ui.say(blocked ?? t("kalo.choose first"))),
      },
      match ? t("kalo.play cards", { cards: match.map(cardLabel).join(" ") }) : t("kalo.play"),
    ),
    legal.includes("pass")
      ? h("button", { type: "button", dataset: { key: "pass", action: "pass" }, onclick: () => ui.act("pass") }, t("kalo.pass"))
      : null,
  );
  return [h("div", { class: "hand", role: "group", "aria-label": t("your hand") }, cards), blocked ? h("p", { class: "reason" }, blocked) : null, buttons];
}

function slotNote(view, ui, slot, index) {
  const others = slot.known_by.filter((seat) => seat !== view.seat);
  const notes = [t("kalo.place", { n: index + 1 })];
  if (slot.received) notes.push(t("kalo.received"));
  if (others.length) notes.push(t("kalo.known to", { who: others.map(ui.name).join(", ") }));
  return notes.join("; ");
}

function staticHand(view, ui, actions) {
  const hand = view.hands[view.seat];
  const legal = new Set(view.legal_actions);
  const parts = [];
  hand.forEach((slot, index) => {
    if (actions.insert && legal.has(`insert ${index}`)) parts.push(actions.insert(index, hand));
    const give = actions.give && legal.has(`card ${slot.card}`);
    parts.push(
      cardFace(slot.card, {
        key: `card-${slot.card}`,
        mark: [slot.received ? "received" : null, slot.known_by.some((seat) => seat !== view.seat) ? "known" : null, give ? "legal" : null],
        note: slotNote(view, ui, slot, index),
        onclick: give ? () => actions.give(slot.card) : null,
      }),
    );
  });
  if (actions.insert && legal.has(`insert ${hand.length}`)) parts.push(actions.insert(hand.length, hand));
  return [h("div", { class: ["hand", actions.insert ? "inserting" : null], role: "group", "aria-label": t("your hand") }, parts)];
}

/** Your hand, in whatever the phase and step ask of it. */
export function myHand(view, ui, local) {
  const mine = view.legal_actions.length > 0;
  const effect = view.effect;
  if (view.phase === "arrange") return arrangeHand(view, ui, local);
  if (mine && view.phase === "play") return playHand(view, ui, local);
  if (mine && effect?.step === "card" && effect.rank === 3) {
    return staticHand(view, ui, { give: (card) => ui.act(`card ${card}`) });
  }
  if (mine && effect?.step === "insert") {
    const insert = (slot, hand) =>
      h(
        "button",
        {
          type: "button",
          class: "gap",
          dataset: { key: `insert-${slot}` },
          "aria-label": slot === 0 ? t("kalo.in front") : slot === hand.length ? t("kalo.at the end") : t("kalo.before", { card: cardLabel(hand[slot].card), n: slot + 1 }),
          title: slot === hand.length ? t("kalo.at the end") : t("kalo.before", { card: cardLabel(hand[slot].card), n: slot + 1 }),
          onclick: () => ui.act(`insert ${slot}`),
        },
        effect.card ? t("kalo.card here", { card: cardLabel(effect.card) }) : t("kalo.here"),
      );
    return staticHand(view, ui, { insert });
  }
  return staticHand(view, ui, {});
}
