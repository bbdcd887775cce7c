// The tablegames wire protocol's types, written by tablegames.server.typescript from its JSON Schemas.
// Do not edit: python -m tablegames.server.typescript > src/tablegames/server/wire.d.ts

export interface ErrorAnswer {
  error: {
    type: "BadRequestError" | "BusyError" | "ConfigError" | "ConflictError" | "ForbiddenError" | "IllegalActionError" | "InvalidActionError" | "InvalidStateError" | "MethodNotAllowedError" | "NotFoundError" | "ServerError" | "TooLargeError" | "TooManyRequestsError" | "UnauthorizedError" | "UnsupportedMediaTypeError";
    message: string;
    legal?: string[];
    /** why the action, or the game's options or seats, were refused (IllegalActionError and ConfigError only): a key such as kalaha.pit_empty or config.integer and language-neutral fields (seats, counts, pits and ranks as integers, cards in notation, suits as letters, options by name), for a client to say what the message says in English in its player's language */
    reason?: {
      key: string;
      fields: Record<string, string | number | boolean | null | string[]>;
    };
  };
}

export type Seat = {
  seat: number;
  player: "human";
  name: string | null;
  joined: boolean;
  connected: boolean;
  places: number;
} | {
  seat: number;
  player: "bot";
  bot: string;
};

export interface Table {
  id: string;
  game: string;
  options: Record<string, unknown>;
  status: "waiting" | "playing" | "over" | "expired";
  seats: Seat[];
  free: number[];
  open: boolean;
  bot_delay: number;
  idle_expiry?: number;
}

export interface CreateRequest {
  /** a game's name, as GET /api/games lists them */
  game: string;
  /** the game's options; the defaults for those not given */
  options?: Record<string, unknown>;
  /** "human" or a bot's name per seat */
  seats?: string[];
  seed?: number;
  /** a state to start from, instead of a seed */
  start?: Record<string, unknown>;
  bot_delay?: number;
  open?: boolean;
  /** the name each seat's player goes by, null for none and for a bot's seat */
  names?: (string | null)[];
}

export interface ActionRequest {
  action: string | Record<string, unknown>;
  decisions?: number;
}

export interface SeatToken {
  seat: number;
  token: string;
  join: string;
}

export interface Created {
  table: Table;
  seats: SeatToken[];
}

export interface Snapshot {
  table: Table;
  seat: number | null;
  /** the library's own JSON: see the JSON formats page */
  view: Record<string, unknown>;
  events: {
    n: number;
    /** the library's own JSON: see the JSON formats page */
    event: Record<string, unknown>;
  }[];
  next: number;
  decisions?: number;
}

export interface Checks {
  decisions: number;
  checks: ({
    action: string;
    legal: boolean;
    /** why the action may not be taken now, in the rules' words in English (refusals only); the error's reason says it as a key and fields, for other languages */
    reason?: string;
    error?: {
      type: "BadRequestError" | "BusyError" | "ConfigError" | "ConflictError" | "ForbiddenError" | "IllegalActionError" | "InvalidActionError" | "InvalidStateError" | "MethodNotAllowedError" | "NotFoundError" | "ServerError" | "TooLargeError" | "TooManyRequestsError" | "UnauthorizedError" | "UnsupportedMediaTypeError";
      message: string;
      legal?: string[];
      /** why the action, or the game's options or seats, were refused (IllegalActionError and ConfigError only): a key such as kalaha.pit_empty or config.integer and language-neutral fields (seats, counts, pits and ranks as integers, cards in notation, suits as letters, options by name), for a client to say what the message says in English in its player's language */
      reason?: {
        key: string;
        fields: Record<string, string | number | boolean | null | string[]>;
      };
    };
  })[];
}

export interface ServerInfo {
  server: "tablegames";
  version: string;
  protocol: 1;
  games: string[];
  limits: {
    max_body: number;
    max_message: number;
    max_open_tables: number;
    max_connections: number;
    max_table_connections: number;
    max_queue: number;
    max_listed: number;
    max_bot_delay: number;
    max_token: number;
    finished_cache: number;
    max_checks: number;
    creations_per_minute: number;
    actions_per_minute: number;
    idle_expiry: number;
  };
}

export interface Games {
  games: {
    name: string;
    options: Record<string, unknown>;
    options_by_players: Record<string, Record<string, unknown>>;
    players: {
      min: number;
      max: number;
    };
    bots: string[];
  }[];
}

export interface Tables {
  tables: Table[];
}

/** the record once over (a saved game); before, the seat's transcript */
export type GameRecord = Record<string, unknown>;

export interface SnapshotFrame {
  type: "snapshot";
  table: Table;
  seat: number | null;
  /** the library's own JSON: see the JSON formats page */
  view: Record<string, unknown>;
  events: {
    n: number;
    /** the library's own JSON: see the JSON formats page */
    event: Record<string, unknown>;
  }[];
  next: number;
  decisions?: number;
}

export interface UpdateFrame {
  type: "update";
  /** the library's own JSON: see the JSON formats page */
  view: Record<string, unknown>;
  events: {
    n: number;
    /** the library's own JSON: see the JSON formats page */
    event: Record<string, unknown>;
  }[];
  next: number;
  decisions?: number;
}

export interface TableFrame {
  type: "table";
  table: Table;
}

export interface ErrorFrame {
  type: "error";
  error: {
    type: "BadRequestError" | "BusyError" | "ConfigError" | "ConflictError" | "ForbiddenError" | "IllegalActionError" | "InvalidActionError" | "InvalidStateError" | "MethodNotAllowedError" | "NotFoundError" | "ServerError" | "TooLargeError" | "TooManyRequestsError" | "UnauthorizedError" | "UnsupportedMediaTypeError";
    message: string;
    legal?: string[];
    /** why the action, or the game's options or seats, were refused (IllegalActionError and ConfigError only): a key such as kalaha.pit_empty or config.integer and language-neutral fields (seats, counts, pits and ranks as integers, cards in notation, suits as letters, options by name), for a client to say what the message says in English in its player's language */
    reason?: {
      key: string;
      fields: Record<string, string | number | boolean | null | string[]>;
    };
  };
}

export interface PongFrame {
  type: "pong";
}

export interface AuthMessage {
  type: "auth";
  token: string;
  since?: number;
}

export interface ActionMessage {
  type: "action";
  action: string | Record<string, unknown>;
  decisions?: number;
}

export interface PingMessage {
  type: "ping";
}

/** Every frame the server sends on a table's WebSocket. */
export type ServerFrame = SnapshotFrame | UpdateFrame | TableFrame | ErrorFrame | PongFrame;

/** Every message a client may send on a table's WebSocket. */
export type ClientMessage = AuthMessage | ActionMessage | PingMessage;
