// The wire protocol of `tablegames serve`, in the browser: HTTP requests, a seat's live connection, its tokens.
// Everything the client knows of the server goes through this module; it knows no game. Its frames and messages
// are those of the declarations the server ships (server/wire.d.ts), checked by `tsc --checkJs`.

/** @typedef {import("../server/wire").ServerFrame} ServerFrame */
/** @typedef {import("../server/wire").ClientMessage} ClientMessage */
/** @typedef {import("../server/wire").SnapshotFrame | import("../server/wire").UpdateFrame} ViewFrame */

/** An error the server answered with: `{"error": {"type", "message", "legal"?, "reason"?}}` and the HTTP status. */
export class WireError extends Error {
  constructor(error, status = 0) {
    super(error.message);
    this.type = error.type;
    this.legal = error.legal ?? null;
    this.reason = error.reason ?? null; // why a refused action was refused, as a key and fields
    this.status = status;
  }
}

// --8<-- [start:request]
/** One HTTP request to the server's JSON API; the answer's body, or a WireError. */
export async function request(path, { method = "GET", body = undefined, token = null } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new WireError({ type: "NetworkError", message: "the server cannot be reached" });
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    throw new WireError(answer?.error ?? { type: "ServerError", message: `HTTP ${response.status}` }, response.status);
  }
  return answer;
}
// --8<-- [end:request]

export const api = {
  server: () => request("/api"),
  games: () => request("/api/games"),
  tables: () => request("/api/tables"),
  create: (body) => request("/api/tables", { method: "POST", body }),
  claim: (table, seat) => request(`/api/tables/${table}/seats/${seat}`, { method: "POST" }),
  snapshot: (table, token) => request(`/api/tables/${table}`, { token }),
  // --8<-- [start:check]
  /** Whether each action would be taken now, and the error each other one would get: nothing changes. */
  check: (table, token, actions) =>
    request(`/api/tables/${table}/check?${actions.map((a) => `action=${encodeURIComponent(a)}`).join("&")}`, {
      token,
    }),
  // --8<-- [end:check]
};

// --8<-- [start:tokens]
/**
 * The tokens this tab holds for a table, kept in sessionStorage: a reload finds them again, another tab
 * opening the same table is a spectator until given a link, and nothing lingers once the tab is closed.
 * `play` are the seats played in this tab (several: hot seat); `invite` the join links of seats to give away.
 */
export class Keys {
  constructor(table) {
    this.key = `tablegames:table:${table}`;
    const saved = JSON.parse(sessionStorage.getItem(this.key) ?? "null");
    this.play = saved?.play ?? [];
    this.invite = saved?.invite ?? {};
  }
  save() {
    sessionStorage.setItem(this.key, JSON.stringify({ play: this.play, invite: this.invite }));
  }
  add(token) {
    if (!this.play.includes(token)) this.play.push(token);
    this.save();
  }
  drop(token) {
    this.play = this.play.filter((each) => each !== token);
    this.save();
  }
  /** Take the token of a join link (`/tables/ID#token=...`) and take it out of the address bar. */
  adopt(location, history) {
    const token = new URLSearchParams(location.hash.slice(1)).get("token");
    if (token) {
      this.add(token);
      history.replaceState(null, "", location.pathname + location.search);
    }
    return token;
  }
}
// --8<-- [end:tokens]

const PING_EVERY = 20000; // ms between pings, so that a dead connection is noticed
const ANSWER_WITHIN = 15000; // ms to wait for an action's update, or a ping's pong

// --8<-- [start:connection]
/**
 * A seat's live connection to a table (a spectator's without a token). It keeps what the seat has been
 * told: the table, the view, every event, `next` (the events held) and `decisions` (made so far).
 * It reconnects by itself, asking only for the events it missed, and acts one decision at a time.
 */
export class Connection {
  constructor(table, token, listener) {
    this.table = table;
    this.token = token;
    this.listener = listener; // listener.changed(connection, newEvents), .failed(connection, error)
    this.summary = null;
    this.seat = null;
    this.view = null;
    this.events = [];
    this.next = 0;
    this.decisions = 0;
    this.status = "connecting"; // "connecting", "open", "closed" or "failed"
    this.pending = null;
    this.retry = 0;
    this.closing = false;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // A seat's connection is told nothing until its auth is answered; a spectator's is told from the start.
    const wait = this.token === null ? "" : "?wait=auth";
    const socket = new WebSocket(`${scheme}//${location.host}/api/tables/${this.table}/ws${wait}`);
    this.socket = socket;
    this.authed = this.token === null;
    socket.onopen = () => {
      this.retry = 0;
      if (this.token !== null) this.send({ type: "auth", token: this.token, since: this.next });
    };
    socket.onmessage = (message) => this.receive(JSON.parse(message.data));
    socket.onclose = () => this.closed(socket);
    this.pinger = setInterval(() => this.ping(), PING_EVERY);
  }

  /** @param {ServerFrame} frame a frame the server sent */
  receive(frame) {
    if (frame.type === "snapshot") {
      this.authed = true;
      this.seat = frame.seat;
      this.summary = frame.table;
      this.status = "open";
      this.take(frame);
    } else if (frame.type === "update") {
      this.take(frame);
    } else if (frame.type === "table") {
      this.summary = frame.table;
      this.listener.changed(this, []);
    } else if (frame.type === "error") {
      const error = new WireError(frame.error);
      if (!this.authed) {
        this.fail(error); // the token is not a seat of this table
      } else if (this.pending) {
        this.settle(error);
      } else {
        this.listener.failed(this, error);
      }
    } else if (frame.type === "pong") {
      clearTimeout(this.deadline);
    }
  }

  /**
   * Take a snapshot or update: the view, the events after those held, the counts.
   * @param {ViewFrame} frame
   */
  take(frame) {
    const fresh = frame.events.filter((item) => item.n > this.next).map((item) => item.event);
    this.events.push(...fresh);
    this.view = frame.view;
    this.next = frame.next;
    if (frame.decisions !== undefined) this.decisions = frame.decisions;
    if (this.pending && this.decisions > this.pending.made) this.settle(null);
    this.listener.changed(this, fresh);
  }

  /** Send one of the view's legal actions; resolves once the server has taken it, rejects with its error. */
  act(action) {
    if (this.pending) return Promise.reject(new WireError({ type: "Busy", message: "one decision at a time" }));
    if (this.status !== "open") {
      return Promise.reject(new WireError({ type: "NetworkError", message: "not connected: reconnecting…" }));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(new WireError({ type: "NetworkError", message: "no answer from the server" })),
        ANSWER_WITHIN,
      );
      this.pending = { made: this.decisions, resolve, reject, timer };
      this.send({ type: "action", action, decisions: this.decisions });
    });
  }
  // --8<-- [end:connection]

  /** @param {ClientMessage} message a message to the server */
  send(message) {
    this.socket.send(JSON.stringify(message));
  }

  settle(error) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve();
  }

  ping() {
    if (this.status !== "open" || this.socket.readyState !== WebSocket.OPEN) return;
    this.send({ type: "ping" });
    clearTimeout(this.deadline);
    this.deadline = setTimeout(() => this.socket.close(), ANSWER_WITHIN);
  }

  // --8<-- [start:reconnect]
  closed(socket) {
    if (socket !== this.socket) return;
    clearInterval(this.pinger);
    clearTimeout(this.deadline);
    this.settle(new WireError({ type: "NetworkError", message: "the connection was lost before an answer" }));
    if (this.closing || this.status === "failed") return;
    this.status = "closed";
    this.listener.changed(this, []);
    const wait = Math.min(5000, 250 * 2 ** this.retry++);
    setTimeout(() => this.reconnect(), wait);
  }

  /** Reconnect, unless the server says the table or the token is gone (then the connection has failed). */
  async reconnect() {
    if (this.closing) return;
    if (this.retry > 1) {
      try {
        await api.snapshot(this.table, this.token);
      } catch (error) {
        if (error.status === 403 || error.status === 404) return this.fail(error);
        if (error.type === "NetworkError" || error.status >= 500) return this.closed(this.socket);
      }
    }
    this.connect();
  }
  // --8<-- [end:reconnect]

  fail(error) {
    this.status = "failed";
    this.closing = true;
    this.socket.close();
    this.listener.failed(this, error);
  }

  /** Close for good (the page is left). */
  close() {
    this.closing = true;
    clearInterval(this.pinger);
    this.socket.close();
  }
}
