// A table's page: one connection per seat this tab plays (a spectator's if none), the game drawn from the view
// of the seat on screen, and, when the tab plays several seats (hot seat), a cover between their turns.

import generic from "./generic.js";
import kalaha from "./kalaha.js";
import kalo from "./kalo.js";
import loo from "./loo.js";
import { Connection, Keys, api } from "./wire.js";
import { fill, h, plain, seatName, sentence, upper } from "./dom.js";
import { languageSwitcher, t } from "./i18n.js";
import { tableRing } from "./ring.js";
import { move } from "./motion.js";
import { refusalSentence } from "./events.js";
import { Log, howToPlay, invitesPanel, otherDecisions, resultPanel, roundSummary, seatsPanel } from "./panels.js";

const DRAWERS = { kalaha, kalo, loo };

export function tablePage(root, id) {
  const keys = new Keys(id);
  const adopted = keys.adopt(location, history);
  const page = {
    connections: [],
    shown: null, // the connection whose seat is on screen
    covered: null, // the connection whose player must say they are at the screen, or null
    summaries: [], // round summaries waiting to be seen, oldest first
    locals: new Map(), // what a game's drawing keeps between draws, per seat: a draft order, a selection
    reasons: new Map(), // why actions are not legal, per seat and decision: from GET .../check
    asked: new Set(),
    busy: false,
    message: null,
    refusal: null, // a refusal to show next to the control that caused it: {key, text}
    lastKey: null, // the control last used on the board
    wasMine: false,
  };

  const topbar = h("header", { class: "topbar" });
  const turn = h("p", { class: "turn-line", "aria-live": "polite" });
  const message = h("p", { class: "page-message", role: "alert" });
  const board = h("div", { class: "board", tabindex: "-1" });
  const seats = h("div");
  const invites = h("div");
  const own = h("div");
  const log = new Log();
  const rules = h("div");
  const side = h("aside", { class: "side" }, seats, invites, log.element, own, rules);
  const dialog = h("dialog", { class: "summary", "aria-label": t("round summary") });
  const main = h("main", { id: "table", dataset: { table: id } }, turn, message, board, side);
  fill(root, topbar, main, dialog);
  dialog.addEventListener("close", () => {
    page.summaries.shift();
    render();
    board.focus();
  });
  root.addEventListener("tablegames:reason", (event) => refuse(event.target.dataset?.key ?? null, event.detail));
  board.addEventListener("click", (event) => {
    page.lastKey = event.target.closest?.("[data-key]")?.dataset.key ?? null;
  });
  board.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") page.lastKey = event.target.closest?.("[data-key]")?.dataset.key ?? null;
  });

  const listener = {
    changed(connection, fresh) {
      if (connection.view) {
        if (connection.loaded && connection === (page.shown ?? page.connections[0])) queueSummaries(connection, fresh);
        connection.loaded = true;
      }
      schedule();
    },
    failed(connection, error) {
      if (connection.status === "failed" && connection.token) {
        keys.drop(connection.token);
        say(t("link broken", { why: plain(error.message, nameOf(connection)) }), "error");
      } else {
        say(plain(error.message, nameOf(connection)), "error");
      }
      schedule();
    },
  };
  /** Connect each seat this tab plays (a spectator's connection if none). */
  function start() {
    page.asking = null;
    const tokens = keys.play.length ? keys.play : [null];
    page.connections = tokens.map((token) => new Connection(id, token, listener));
    render();
  }

  /** A link whose place is open in another browser right now: watch instead, or take the place over here. */
  function askTaken(token) {
    page.asking = h(
      "section",
      { class: "panel taken", "aria-label": t("taken.title") },
      h("h2", {}, t("taken.title")),
      h("p", {}, t("taken.text")),
      h(
        "p",
        { class: "actions" },
        h("button", { type: "button", class: "primary", dataset: { key: "watch" }, onclick: () => (keys.drop(token), start()) }, t("taken.watch")),
        h("button", { type: "button", dataset: { key: "take-over" }, onclick: start }, t("taken.play here")),
      ),
    );
    render();
  }
  window.addEventListener("pagehide", () => page.connections.forEach((connection) => connection.close()));

  /** The seat open in another tab, browser or device too: say so, and offer to leave the place to it. */
  function openElsewhere(connection) {
    const mine = connection.seat === null || connection.seat === undefined ? null : connection.summary?.seats?.[connection.seat];
    if (!mine || (mine.places ?? 0) < 2 || page.connections.length > 1) return null;
    const handOver = () => {
      page.connections.forEach((each) => each.close());
      keys.drop(connection.token);
      start();
    };
    return h(
      "section",
      { class: "panel elsewhere", "aria-label": t("elsewhere.title") },
      h("p", {}, t("elsewhere.text")),
      h("p", { class: "actions" }, h("button", { type: "button", dataset: { key: "hand-over" }, onclick: handOver }, t("elsewhere.hand over"))),
    );
  }

  function nameOf(connection) {
    return (seat) => seatName(seat, connection?.seat ?? null, connection?.summary);
  }

  /** The client module of the game at the table: it says the fields of a refusal only its game has. */
  function drawerOf(connection) {
    return DRAWERS[connection?.view?.game ?? connection?.summary?.game] ?? generic;
  }

  /** A refusal said next to the control `key` that caused it (or the decision's prompt when it is gone). */
  function refuse(key, text) {
    page.refusal = text ? { key: key ?? page.lastKey, text } : null;
    schedule();
  }

  /** Words of the server said to the player: a decision already made elsewhere is no protocol error. */
  function refusalWords(error, connection) {
    if (error.type === "ConflictError" || /decision\(s\)/.test(error.message)) {
      return t("made elsewhere");
    }
    if (error.type === "NetworkError") return t("unreachable");
    if (error.type === "Busy") return t("one at a time");
    return refusalSentence(error.reason, nameOf(connection), drawerOf(connection)) ?? plain(error.message, nameOf(connection));
  }

  function say(text, kind = "error") {
    page.message = text ? { text, kind } : null;
    schedule();
  }

  /** A round summary for each round that ended in `fresh`, the events just told, to be shown one by one. */
  function queueSummaries(connection, fresh) {
    const all = connection.events;
    const start = all.length - fresh.length;
    fresh.forEach((event, index) => {
      if (event.type !== "round_ended") return;
      const at = start + index;
      let from = at - 1;
      while (from >= 0 && all[from].type !== "round_ended") from -= 1;
      page.summaries.push({ events: all.slice(from + 1, at + 1), end: event, view: connection.view, seat: connection.seat });
    });
  }

  /** Which seat is on screen: in hot seat, the seat to decide, once its player has said they are at the screen. */
  function choose() {
    if (page.connections.length === 1) {
      page.shown = page.connections[0];
      page.covered = null;
      return;
    }
    const seats = page.connections.filter((connection) => connection.view && connection.status !== "failed");
    const deciding = seats.find((connection) => connection.view.legal_actions.length);
    if (deciding && deciding !== page.shown) page.covered = deciding;
    if (!page.shown && !page.covered && seats.length) page.covered = seats[0];
  }

  function reveal(connection) {
    page.shown = connection;
    page.covered = null;
    log.clear();
    render();
    board.focus();
  }

  function local(connection) {
    if (!page.locals.has(connection.seat)) page.locals.set(connection.seat, {});
    return page.locals.get(connection.seat);
  }

  /** Why each of `actions` is not legal now, as far as known; asks the server for the others, then redraws. */
  function reasons(connection, actions) {
    const key = `${connection.seat}/${connection.decisions}/${connection.next}`;
    if (!page.reasons.has(key)) page.reasons.set(key, new Map());
    const known = page.reasons.get(key);
    const missing = [...new Set(actions)].filter((action) => !known.has(action) && !page.asked.has(`${key}/${action}`));
    if (missing.length && connection.token) {
      missing.forEach((action) => page.asked.add(`${key}/${action}`));
      api
        .check(id, connection.token, missing.slice(0, 64))
        .then((answer) => {
          for (const check of answer.checks) {
            const said = check.legal ? null : refusalSentence(check.error?.reason, nameOf(connection), drawerOf(connection));
            known.set(check.action, check.legal ? null : (said ?? check.reason ?? check.error.message));
          }
          schedule();
        })
        .catch(() => {});
    }
    return known;
  }

  async function act(connection, action) {
    if (page.busy) return false;
    page.busy = true;
    page.message = null;
    const key = page.lastKey;
    page.refusal = null;
    render();
    try {
      await connection.act(action);
      return true;
    } catch (error) {
      refuse(key, refusalWords(error, connection));
      return false;
    } finally {
      page.busy = false;
      schedule();
    }
  }

  let scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      render();
    });
  }

  function drawTopbar(connection) {
    const summary = connection?.summary;
    const statuses = new Set(page.connections.map((each) => each.status));
    const status = statuses.has("failed") ? "failed" : statuses.has("closed") ? "closed" : statuses.has("connecting") ? "connecting" : "open";
    const seats = page.connections.filter((each) => each.seat !== null);
    fill(
      topbar,
      h("a", { href: "/", class: "home" }, "tablegames"),
      h("span", { class: "title" }, summary ? upper(summary.game) : t("table")),
      seats.length > 1
        ? h(
            "span",
            { class: "switch" },
            t("hot seat: "),
            seats.map((each) =>
              h("button", { type: "button", onclick: () => ((page.covered = each), render()) }, upper(seatName(each.seat, null, summary))),
            ),
          )
        : null,
      languageSwitcher(h),
      h("span", { class: ["connection", status], role: "status" }, t(`connection.${status}`)),
    );
  }

  function turnLine(connection) {
    const view = connection.view;
    const summary = connection.summary;
    if (!view) return t("connecting to the table");
    if (view.is_over) return t("the game is over");
    const name = nameOf(connection);
    if (summary?.status === "waiting") return t("waiting for", { who: summary.free.map(name).join(", ") });
    const who = upper(name(view.current_player));
    if (connection.seat === null) return t("watching", { who });
    return view.legal_actions.length ? t("your turn") : t("to decide", { who });
  }

  function render() {
    choose();
    const connection = page.shown ?? page.connections[0];
    drawTopbar(connection);
    if (page.asking) {
      fill(turn, t("taken.title"));
      fill(board, page.asking);
      return;
    }
    const covered = page.covered;
    Object.assign(main.dataset, {
      seat: covered || connection?.seat === null || connection?.seat === undefined ? "" : String(connection.seat),
      next: String(connection?.next ?? 0),
      decisions: String(connection?.decisions ?? 0),
      status: connection?.summary?.status ?? "",
      busy: String(page.busy),
      cover: String(Boolean(covered)),
      over: String(Boolean(connection?.view?.is_over)),
    });
    message.className = ["page-message", page.message?.kind].filter(Boolean).join(" ");
    fill(message, sentence(page.message?.text ?? ""));
    if (covered) {
      drawCover(covered);
      return;
    }
    if (!page.shown) {
      fill(turn, t("connecting to the table"));
      fill(board, h("p", {}, t("connecting")));
      return;
    }
    const view = connection?.view;
    fill(turn, turnLine(connection));
    document.title = `${view?.legal_actions.length ? `${t("your turn")} · ` : ""}${upper(connection?.summary?.game ?? t("table"))} · tablegames`;
    if (!view) {
      fill(board, h("p", {}, t("connecting")));
      return;
    }
    const drawer = DRAWERS[view.game] ?? generic;
    // While a round summary waits for the player, the next round's decision is not offered behind it.
    const waiting = page.summaries.length > 0;
    const asked = waiting ? { ...view, legal_actions: [] } : view;
    const ui = {
      events: connection.events,
      options: connection.summary?.options ?? {},
      local: local(connection),
      name: nameOf(connection),
      plain: (text) => plain(text, nameOf(connection)),
      act: (action) => act(connection, action),
      view: () => (page.summaries.length ? { ...connection.view, legal_actions: [] } : connection.view),
      decisions: () => connection.decisions,
      reasons: (actions) => reasons(connection, actions),
      refresh: schedule,
      say: (text) => refuse(page.lastKey, text),
    };
    const inside = board.contains(document.activeElement) && document.activeElement !== board;
    const focused = inside ? /** @type {HTMLElement} */ (document.activeElement).dataset.key : null;
    const lost = document.activeElement === document.body || document.activeElement === board;
    const others = asked.legal_actions.filter((action) => !drawer.handles(action, asked));
    const last = JSON.stringify(view.trick?.at?.(-1) ?? null);
    const fresh = last !== page.lastPlay && page.lastPlay !== undefined;
    page.lastPlay = last;
    fill(
      board,
      openElsewhere(connection),
      tableRing(asked, ui.name, fresh),
      drawer.draw(asked, ui),
      otherDecisions(others, ui.act),
      view.is_over ? resultPanel(view, nameOf(connection), connection.seat, id, connection.token ? playAgain : null) : null,
    );
    // What the events since the last drawing did moves once on the new drawing (not those of a page just opened).
    if (connection.moved !== undefined) move(board, connection.events.slice(connection.moved), view.pits?.[0]?.length ?? 0);
    connection.moved = connection.events.length;
    const mine = asked.legal_actions.length > 0;
    const again = focused && board.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
    else if (mine && (inside || (lost && !page.wasMine))) (firstAction() ?? board).focus();
    else if (inside) board.focus();
    page.wasMine = mine;
    placeRefusal(connection);
    fill(seats, seatsPanel(connection.summary, view, connection.seat, nameOf(connection)));
    if (rules.dataset.game !== view.game) {
      rules.dataset.game = view.game;
      fill(rules, howToPlay(view.game));
    }
    fill(invites, invitesPanel(connection.summary, keys.invite));
    if (log.element.parentNode !== side) side.insertBefore(log.element, own);
    log.show(connection, nameOf(connection));
    const link = connection.token ? `${location.origin}/tables/${id}#token=${connection.token}` : null;
    if (own.dataset.link !== (link ?? "")) {
      own.dataset.link = link ?? "";
      fill(
        own,
        link
          ? h(
              "details",
              { class: "panel own-link" },
              h("summary", {}, t("play on another device")),
              h("p", {}, t("own link")),
              h("input", { type: "text", readonly: true, value: link, "aria-label": t("your own link") }),
            )
          : null,
      );
    }
    drawSummary();
  }

  /** The refusal, if any, drawn right after the control that caused it (its hand or row of buttons). */
  function placeRefusal(connection) {
    if (!page.refusal) return;
    const made = `${connection.decisions}/${connection.next}`;
    page.refusal.made ??= made;
    const control = page.refusal.key && board.querySelector(`[data-key="${CSS.escape(page.refusal.key)}"]`);
    const anchor = control?.closest(".hand, .actions, .kalaha-board") ?? control ?? board.querySelector(".prompt") ?? board.firstElementChild;
    if (!anchor) return;
    anchor.after(h("p", { class: "refusal", role: "alert", dataset: { for: page.refusal.key ?? "" } }, sentence(page.refusal.text)));
    if (page.refusal.made !== made) page.refusal = null; // shown once more after the table moved on, then gone
  }

  /** A new table of the same game and options with the same seats: this tab's seats again, the others invited. */
  async function playAgain() {
    const summary = (page.shown ?? page.connections[0]).summary;
    try {
      const created = await api.create({
        game: summary.game,
        options: summary.options,
        seats: summary.seats.map((place) => (place.player === "bot" ? place.bot : "human")),
        names: summary.seats.map((place) => place.name ?? null),
        open: summary.open,
      });
      const next = new Keys(created.table.id);
      const mine = new Set(page.connections.map((connection) => connection.seat));
      created.seats.forEach((seat) => {
        if (mine.has(seat.seat)) next.add(seat.token);
        else next.invite[seat.seat] = seat.join;
      });
      next.save();
      location.assign(`/tables/${created.table.id}`);
    } catch (error) {
      refuse("again", refusalWords(error, page.shown));
    }
  }

  function firstAction() {
    return board.querySelector("[data-key]:not([aria-disabled='true']):not([disabled])");
  }

  function drawCover(connection) {
    const who = upper(seatName(connection.seat, null, connection.summary));
    fill(turn, t("someone's turn", { who }));
    log.clear();
    if (dialog.open) dialog.close();
    const ready = h(
      "button",
      { type: "button", class: "primary", dataset: { key: "ready" }, onclick: () => reveal(connection) },
      t("i am", { who }),
    );
    fill(
      board,
      h(
        "section",
        { class: "cover", "aria-label": t("hot seat") },
        h("h2", {}, t("pass the screen", { who })),
        h("p", {}, t("cards hidden")),
        ready,
      ),
    );
    fill(seats, seatsPanel(connection.summary, connection.view, null, (seat) => seatName(seat, null, connection.summary)));
    fill(invites);
    fill(own);
    own.dataset.link = "";
    ready.focus();
  }

  function drawSummary() {
    const next = page.summaries[0];
    if (!next || dialog.open) return;
    const connection = page.shown ?? page.connections[0];
    const over = connection.view?.is_over && page.summaries.length === 1;
    const button = h("button", { type: "button", class: "primary", dataset: { key: "continue" }, onclick: () => dialog.close() }, over ? t("see the result") : t("next round"));
    const drawer = DRAWERS[next.view.game] ?? generic;
    fill(dialog, roundSummary(next.events, next.end, next.view, nameOf(connection), next.seat, drawer), h("p", {}, button));
    dialog.showModal();
    button.focus();
  }

  if (adopted) {
    api
      .snapshot(id, adopted)
      .then((snapshot) => (snapshot.table?.seats?.[snapshot.seat]?.connected ? askTaken(adopted) : start()))
      .catch(() => start());
    render();
  } else {
    start();
  }
}
