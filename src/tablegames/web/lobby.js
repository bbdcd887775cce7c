// The lobby: create a table of any game with its options and bots, list the tables in play, join or watch one.

import { botName, fill, h, optionName, plural } from "./dom.js";
import { Keys, api } from "./wire.js";
import { has, language, languageSwitcher, t } from "./i18n.js";
import { howToPlay } from "./panels.js";
import { refusalSentence } from "./events.js";

const HUMAN = "human";

const title = (name) => name[0].toUpperCase() + name.slice(1);

/** What the server refused, in the page's language where it says why as a key and fields (options, seats). */
const refused = (error) =>
  error.type === "NetworkError" ? t("server unreachable") : refusalSentence(error.reason, (seat) => t("player n", { n: seat + 1 })) ?? error.message;

/**
 * Where the rules pages are: the `tablegames-docs` meta of index.html, which `tablegames serve --docs` sets (an
 * address, or a path on this server); without it, the options link to no rule.
 */
const DOCS = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="tablegames-docs"]'))?.content || null;

/** The section of each game's rules page that each option changes (the anchors are the same in every language). */
export const RULES = {
  kalaha: { pits: "the-board", seeds: "seeds", empty_capture: "empty-opposite-pit" },
  kalo: { players: "players", kalo_in_combinations: "the-kalo", play_limit: "play-limit" },
  loo: {
    players: "seats",
    ante: "antes",
    rounds: "end",
    starting_chips: "antes",
    miss: "the-miss",
    miss_fee: "the-miss",
    pam_is_wild: "pam",
    trump_must_be_highest: "must-trump",
    first_dealer: "dealer",
  },
};

/** The options whose value is a player, counted from 0: the form offers the players as the seat rows name them. */
const PLAYER_OPTIONS = { loo: ["first_dealer"] };

/** The address of the rule an option changes, on the rules page in the page's language; null for an option not mapped. */
export function ruleLink(game, name) {
  const anchor = RULES[game]?.[name];
  if (!anchor || !DOCS) return null;
  return new URL(`${language === "en" ? "" : `${language}/`}rules/${game}/#${anchor}`, new URL(DOCS, location.href)).href;
}

/** The sentence under an option's field, saying what it does as the rules pages say it, and a link to that rule. */
function explain(name, game) {
  const link = ruleLink(game, name);
  return h(
    "span",
    { class: "explain" },
    has(`explain.${name}`) ? ` ${t(`explain.${name}`)}` : null,
    link ? [" ", h("a", { href: link, target: "_blank", rel: "noopener", dataset: { rule: name }, "aria-label": `${t("the rule")}: ${optionName(name)}` }, t("the rule"))] : null,
  );
}

/** An input for one of a game's options, of the kind its default value is; a choice of players for a player. */
function optionField(name, value, game, players) {
  const id = `option-${name}`;
  if (PLAYER_OPTIONS[game.name]?.includes(name)) {
    const choices = [...Array(players).keys()].map((seat) => h("option", { value: String(seat), selected: seat === value }, t("player n", { n: seat + 1 })));
    return h("p", { class: "option" }, h("label", { for: id }, optionName(name)), " ", h("select", { id, name }, choices), explain(name, game.name));
  }
  if (typeof value === "boolean") {
    return h("p", { class: "option check" }, h("input", { type: "checkbox", id, name, checked: value }), " ", h("label", { for: id }, optionName(name)), explain(name, game.name));
  }
  return h(
    "p",
    { class: "option" },
    h("label", { for: id }, optionName(name)),
    " ",
    h("input", {
      type: "number",
      id,
      name,
      value: String(value),
      step: Number.isInteger(value) ? "1" : "any",
      min: name === "players" ? game.players.min : null,
      max: name === "players" ? game.players.max : null,
    }),
    explain(name, game.name),
  );
}

/** Every option the form shows, as it shows it: the table is made with exactly what the player saw. */
function readOptions(form, defaults) {
  const options = {};
  for (const [name, value] of Object.entries(defaults)) {
    const field = form.elements.namedItem(name);
    if (field) options[name] = typeof value === "boolean" ? field.checked : Number(field.value);
  }
  return options;
}

/** The names typed in the create form so far, by seat: kept while the form is drawn again. */
const draft = {};

function seatRows(game, players, kinds) {
  return [...Array(players).keys()].map((seat) => {
    const id = `seat-${seat}`;
    const kind = kinds[seat] ?? (seat === 0 ? HUMAN : game.bots.includes("heuristic") ? "heuristic" : game.bots[0]);
    const select = h(
      "select",
      { id, name: id },
      [HUMAN, ...game.bots].map((each) => h("option", { value: each, selected: each === kind }, each === HUMAN ? t("a person") : botName(each))),
    );
    const name = h("input", {
      type: "text",
      id: `name-${seat}`,
      name: `name-${seat}`,
      maxlength: "24",
      placeholder: seat === 0 ? t("your name") : t("their name"),
      "aria-label": t("name of", { who: t("player n", { n: seat + 1 }) }),
      value: draft[seat] ?? "",
      hidden: kind !== HUMAN,
      oninput: (event) => (draft[seat] = event.target.value),
    });
    select.addEventListener("change", () => (name.hidden = select.value !== HUMAN));
    return h("p", { class: "seat-kind" }, h("label", { for: id }, t("player n", { n: seat + 1 })), " ", select, " ", name);
  });
}

function createForm(games) {
  const form = h("form", { class: "create", "aria-label": t("new table") });
  // Why the server refused the table, beside the button that asked for it; gone once the form is changed.
  const refusal = h("p", { class: "message error", role: "alert" });
  form.addEventListener("input", () => fill(refusal));
  let game = games[0];
  const values = {}; // what has been entered so far, kept when the form is drawn again
  const defaultKind = (seat) => (seat === 0 ? HUMAN : game.bots.includes("heuristic") ? "heuristic" : game.bots[0]);
  // The options' defaults at a number of players: some follow it (Loo's rounds are twice the players).
  const defaultsAt = (players) => game.options_by_players?.[String(players)] ?? game.options;
  const keep = () => {
    for (const field of form.elements) {
      if (field.name) values[field.name] = field.type === "checkbox" ? field.checked : field.value;
    }
  };
  const draw = () => {
    const value = (name, fallback) => (name in values ? values[name] : fallback);
    const players = Math.min(game.players.max, Math.max(game.players.min, Number(value("players", game.options.players ?? game.players.min))));
    const chooser = h(
      "select",
      { id: "game", name: "game" },
      games.map((each) => h("option", { value: each.name, selected: each === game }, title(each.name))),
    );
    chooser.addEventListener("change", () => {
      game = games.find((each) => each.name === chooser.value);
      for (const name of Object.keys(values)) delete values[name];
      draw();
      form.elements.namedItem("game").focus();
    });
    const defaults = defaultsAt(players);
    const options = Object.entries(defaults)
      .filter(([name]) => name !== "players" || game.players.min !== game.players.max)
      .map(([name, fallback]) => {
        const current = value(name, fallback);
        return optionField(name, typeof fallback === "boolean" ? Boolean(current) : typeof current === "string" ? Number(current) : current, game, players);
      });
    const seats = seatRows(game, players, [...Array(players).keys()].map((seat) => value(`seat-${seat}`, defaultKind(seat))));
    fill(
      form,
      h("p", {}, h("label", { for: "game" }, t("game")), " ", chooser),
      howToPlay(game.name),
      h("fieldset", { class: "options" }, h("legend", {}, t("options")), options),
      h("fieldset", { class: "seats" }, h("legend", {}, t("Players")), seats),
      h(
        "p",
        { class: "option" },
        h("label", { for: "seed" }, has(`deal number.${game.name}`) ? t(`deal number.${game.name}`) : t("deal number")), // Kalaha deals no cards
        " ",
        // The server takes deal numbers below 2**53, the whole numbers a page holds exactly: the form asks no more.
        h("input", { type: "number", id: "seed", name: "seed", min: "0", max: String(Number.MAX_SAFE_INTEGER), step: "1", value: value("seed", "") }),
      ),
      h("p", { class: "option check" }, h("input", { type: "checkbox", id: "hotseat", name: "hotseat", checked: value("hotseat", false) }), " ", h("label", { for: "hotseat" }, t("hot seat option"))),
      h("p", { class: "option check" }, h("input", { type: "checkbox", id: "open", name: "open", checked: value("open", false) }), " ", h("label", { for: "open" }, t("open option"))),
      refusal,
      h("p", {}, h("button", { type: "submit", class: "primary", dataset: { create: game.name } }, t("create", { game: title(game.name) }))),
    );
    form.elements.namedItem("players")?.addEventListener("change", () => {
      keep();
      for (const [name, fallback] of Object.entries(defaults)) {
        if (name !== "players" && String(values[name]) === String(fallback)) delete values[name]; // left at its default: it follows
      }
      draw();
      document.getElementById("option-players")?.focus();
    });
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = Number(form.elements.namedItem("players")?.value ?? game.options.players ?? game.players.min);
    const seats = [...Array(players).keys()].map((seat) => form.elements.namedItem(`seat-${seat}`)?.value ?? defaultKind(seat));
    const body = { game: game.name, options: readOptions(form, defaultsAt(players)), seats, open: form.elements.namedItem("open").checked };
    const seed = form.elements.namedItem("seed").value;
    if (seed !== "") body.seed = Number(seed);
    const given = seats.map((kind, seat) => (kind === HUMAN && form.elements.namedItem(`name-${seat}`)?.value.trim()) || null);
    if (given.some((name) => name)) body.names = given;
    try {
      const created = await api.create(body);
      const keys = new Keys(created.table.id);
      const hotseat = form.elements.namedItem("hotseat").checked;
      created.seats.forEach((seat, index) => {
        if (hotseat || index === 0) keys.add(seat.token);
        else keys.invite[seat.seat] = seat.join;
      });
      keys.save();
      location.assign(`/tables/${created.table.id}`);
    } catch (error) {
      fill(refusal, refused(error));
      refusal.scrollIntoView({ block: "nearest" });
    }
  });
  draw();
  return form;
}

function tableRow(table, report) {
  const keys = new Keys(table.id);
  const seats = table.seats.map((place) =>
    place.player === "bot" ? botName(place.bot) : place.joined ? t("a person") : table.open ? t("free") : t("invited"),
  );
  const claim = table.open
    ? table.free.map((seat) =>
        h(
          "button",
          {
            type: "button",
            onclick: async () => {
              try {
                const claimed = await api.claim(table.id, seat);
                keys.add(claimed.token);
                location.assign(`/tables/${table.id}`);
              } catch (error) {
                report(refused(error));
              }
            },
          },
          t("sit down as", { who: t("player n", { n: seat + 1 }) }),
        ),
      )
    : [];
  return h(
    "li",
    { class: "listed", dataset: { table: table.id } },
    h("strong", {}, title(table.game)),
    ` · ${plural(table.seats.length, "player")} · ${t(`status.${table.status}`)} · `,
    seats.join(", "),
    " ",
    h("a", { href: `/tables/${table.id}` }, keys.play.length ? t("back to your seat") : t("watch")),
    " ",
    claim,
  );
}

export async function lobbyPage(root) {
  const message = h("p", { class: "message error", role: "alert" });
  const report = (text) => fill(message, text);
  const list = h("ul", { class: "tables" });
  let unreachable = false; // the list of tables could not be fetched: said until it can be again
  const refresh = async () => {
    try {
      const { tables } = await api.tables();
      fill(list, tables.length ? tables.map((table) => tableRow(table, report)) : h("li", {}, t("no tables")));
      if (unreachable) report();
      unreachable = false;
    } catch (error) {
      report(refused(error));
      unreachable = true;
    }
  };
  fill(
    root,
    h("header", { class: "topbar" }, h("a", { href: "/", class: "home" }, "tablegames"), h("span", { class: "title" }, t("lobby")), languageSwitcher(h)),
    h(
      "main",
      { id: "lobby" },
      message,
      h("section", { class: "panel" }, h("h1", {}, t("new table")), h("p", {}, t("loading"))),
      h(
        "section",
        { class: "panel" },
        h("h2", {}, t("tables in play")),
        list,
        h("p", {}, h("button", { type: "button", onclick: refresh }, t("refresh"))),
      ),
    ),
  );
  try {
    const { games } = await api.games();
    fill(root.querySelector("#lobby section"), h("h1", {}, t("new table")), createForm(games));
  } catch (error) {
    report(refused(error));
  }
  await refresh();
  setInterval(() => document.visibilityState === "visible" && refresh(), 5000);
}
