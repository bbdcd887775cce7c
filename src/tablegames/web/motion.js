// Movement on the table, after the events that caused it have been drawn: a Kalaha seed going pit by pit along a
// sowing, a won trick going from the middle to its winner, a Kalo card given or robbed going from one player to
// another. Each is short, any key or click ends it at once, and none moves under prefers-reduced-motion.

import { cardFace, h } from "./dom.js";

/** Milliseconds a seed takes from one pit to the next, a trick to its winner, a card between two players. */
export const PACE = { seed: 110, trick: 420, card: 520 };

const moving = new Set(); // the movements under way: {animation, ghost}

/** Whether the player asked their system for no movement. */
export function still() {
  return Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/** End every movement under way at once (the key or click that skips them). */
export function skip() {
  for (const { animation } of [...moving]) animation.finish();
}

for (const kind of ["keydown", "pointerdown"]) globalThis.addEventListener?.(kind, skip, { capture: true });

/** The centre of `element` on the screen, or null when it is not drawn. */
function centre(element) {
  if (!element) return null;
  const box = element.getBoundingClientRect();
  if (!box.width && !box.height) return null;
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** A `ghost` sent through the screen points `path` in `duration` ms, removed when it arrives or is skipped. */
function travel(ghost, path, duration, kind) {
  if (path.length < 2 || path.some((point) => !point)) return;
  ghost.classList.add("moving");
  ghost.dataset.motion = kind;
  ghost.setAttribute("aria-hidden", "true");
  document.body.append(ghost);
  const frames = path.map(({ x, y }) => ({ transform: `translate(${x}px, ${y}px) translate(-50%, -50%)` }));
  const animation = ghost.animate(frames, { duration, easing: "ease-in-out", fill: "forwards" });
  const entry = { animation, ghost };
  moving.add(entry);
  const done = () => {
    moving.delete(entry);
    ghost.remove();
  };
  animation.onfinish = done;
  animation.oncancel = done;
}

/** The place of a Kalaha sowing's seeds, pit by pit (rules 2.1 and 2.2: never the opponent's store). */
export function sowingPath(event, pits) {
  const path = [`${event.seat}${event.pit}`];
  let side = event.seat;
  let place = event.pit;
  for (let seed = 0; seed < event.seeds; seed += 1) {
    place += 1;
    if (place === pits && side === event.seat) {
      path.push(`store${side}`);
      continue;
    }
    if (place >= pits) {
      side = 1 - side;
      place = 0;
    }
    path.push(`${side}${place}`);
  }
  return path;
}

/** The seat's place on the table: its name in the ring round the table. */
function seatPlace(board, seat) {
  return board.querySelector(`.ring-seat[data-seat="${seat}"]`);
}

/** Move what `events` (just drawn on `board`) did; `pits` is a Kalaha board's width. */
export function move(board, events, pits) {
  if (still() || !events.length) return;
  for (const event of events) {
    if (event.type === "sowed" && pits) {
      const places = sowingPath(event, pits).map((place) => centre(board.querySelector(`[data-place="${place}"]`)));
      travel(h("span", { class: "seed" }), places, Math.min(PACE.seed * event.seeds, 1500), "sow");
    } else if (event.type === "trick_won") {
      const to = centre(seatPlace(board, event.seat));
      const from = centre(board.querySelector(".ring-middle")) ?? centre(board.querySelector(".ring"));
      travel(h("span", { class: "trick-ghost" }, h("span", { class: "card back mini" })), [from, to], PACE.trick, "trick");
    } else if (event.type === "robbed" || (event.type === "target_chosen" && event.rank !== 6)) {
      const [giver, taker] = event.type === "robbed" ? [event.victim, event.seat] : [event.seat, event.target];
      const card = event.card ? cardFace(String(event.card), { mark: ["mini"] }) : h("span", { class: "card back mini" });
      travel(h("span", { class: "card-ghost" }, card), [centre(seatPlace(board, giver)), centre(seatPlace(board, taker))], PACE.card, "card");
    }
  }
}
