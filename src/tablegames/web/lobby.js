// The lobby: create a table of any game with its options and bots, list the tables in play, join or watch one.

import { botName, fill, h, names, plural } from "./dom.js";
import { Keys, api } from "./wire.js";

const HUMAN = "human";

const words = (name) => OPTION_WORDS[name]?.[0] ?? name.replaceAll("_", " ");

/** Each option's label and the sentence that says what it does, as the rules pages say it. */
const OPTION_WORDS = {
  players: ["Players", "How many sit at the table, people and bots together."],
  pits: ["Pits per side", "How many pits each player has in their row."],
  seeds: ["Seeds per pit", "How many seeds lie in each pit at the start."],
  empty_capture: ["Capture opposite an empty pit", "Whether a last seed in your own empty pit is captured even when the pit opposite is empty."],
  kalo_in_combinations: ["The Kalo in combinations", "Whether the Kalo (2♥) may be played together with other 2s instead of only alone."],
  play_limit: ["Most plays per round", "A round that reaches this many plays ends, and each player still holding cards scores 1, so no round runs for ever."],
  ante: ["Ante", "How many chips each player puts into the pot before a deal."],
  rounds: ["Rounds", "How many hands are dealt; most chips after the last one wins."],
  starting_chips: ["Chips at the start", "How many chips each player has before the first ante."],
  miss: ["The Miss", "Deal a spare hand, the Miss, which a player may take instead of their own."],
  miss_fee: ["Fee for the Miss", "What taking the Miss costs, paid into the pot."],
  pam_is_wild: ["Pam may always be played", "Whether Pam (J♣), the highest trump, may be played to any trick even when you could follow suit."],
  trump_must_be_highest: ["Trump with your highest trump", "Whether a player who cannot follow suit must play their highest trump."],
  first_dealer: ["First dealer", "Who deals the first hand, counted from 0 for the first player."],
};

/** The sentence under an option's field. */
const explain = (name) => (OPTION_WORDS[name] ? h("span", { class: "explain" }, ` ${OPTION_WORDS[name][1]}`) : null);
const title = (name) => name[0].toUpperCase() + name.slice(1);

/** An input for one of a game's options, of the kind its default value is. */
function optionField(name, value, game) {
  const id = `option-${name}`;
  if (typeof value === "boolean") {
    return h("p", { class: "option check" }, h("input", { type: "checkbox", id, name, checked: value }), " ", h("label", { for: id }, words(name)), explain(name));
  }
  return h(
    "p",
    { class: "option" },
    h("label", { for: id }, words(name)),
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
    explain(name),
  );
}

function readOptions(form, defaults) {
  const options = {};
  for (const [name, value] of Object.entries(defaults)) {
    const field = form.elements.namedItem(name);
    if (!field) continue;
    const read = typeof value === "boolean" ? field.checked : Number(field.value);
    if (read !== value) options[name] = read;
  }
  return options;
}

function seatRows(game, players, kinds) {
  return [...Array(players).keys()].map((seat) => {
    const id = `seat-${seat}`;
    const kind = kinds[seat] ?? (seat === 0 ? HUMAN : game.bots.includes("heuristic") ? "heuristic" : game.bots[0]);
    const select = h(
      "select",
      { id, name: id },
      [HUMAN, ...game.bots].map((each) => h("option", { value: each, selected: each === kind }, each === HUMAN ? "a person" : botName(each))),
    );
    const name = h("input", {
      type: "text",
      id: `name-${seat}`,
      name: `name-${seat}`,
      maxlength: "24",
      placeholder: seat === 0 ? "your name" : "their name",
      "aria-label": `name of player ${seat + 1}`,
      value: names.draft[seat] ?? "",
      hidden: kind !== HUMAN,
      oninput: (event) => (names.draft[seat] = event.target.value),
    });
    select.addEventListener("change", () => (name.hidden = select.value !== HUMAN));
    return h("p", { class: "seat-kind" }, h("label", { for: id }, `Player ${seat + 1}`), " ", select, " ", name);
  });
}

function createForm(games, report) {
  const form = h("form", { class: "create", "aria-label": "new table" });
  let game = games[0];
  const values = {}; // what has been entered so far, kept when the form is drawn again
  const defaultKind = (seat) => (seat === 0 ? HUMAN : game.bots.includes("heuristic") ? "heuristic" : game.bots[0]);
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
    const options = Object.entries(game.options)
      .filter(([name]) => name !== "players" || game.players.min !== game.players.max)
      .map(([name, fallback]) => {
        const current = value(name, fallback);
        return optionField(name, typeof fallback === "boolean" ? Boolean(current) : typeof current === "string" ? Number(current) : current, game);
      });
    const seats = seatRows(game, players, [...Array(players).keys()].map((seat) => value(`seat-${seat}`, defaultKind(seat))));
    fill(
      form,
      h("p", {}, h("label", { for: "game" }, "Game"), " ", chooser),
      h("fieldset", { class: "options" }, h("legend", {}, "Options"), options),
      h("fieldset", { class: "seats" }, h("legend", {}, "Seats"), seats),
      h(
        "p",
        { class: "option" },
        h("label", { for: "seed" }, "Deal number (leave blank for a fresh shuffle; the same number deals the same cards again)"),
        " ",
        h("input", { type: "number", id: "seed", name: "seed", min: "0", step: "1", value: value("seed", "") }),
      ),
      h("p", { class: "option check" }, h("input", { type: "checkbox", id: "hotseat", name: "hotseat", checked: value("hotseat", false) }), " ", h("label", { for: "hotseat" }, "Hot seat: play every person's seat on this screen, each hand hidden until its player is ready")),
      h("p", { class: "option check" }, h("input", { type: "checkbox", id: "open", name: "open", checked: value("open", false) }), " ", h("label", { for: "open" }, "Open: anyone may take a free seat from the lobby")),
      h("p", {}, h("button", { type: "submit", class: "primary" }, `Create a ${title(game.name)} table`)),
    );
    form.elements.namedItem("players")?.addEventListener("change", () => {
      keep();
      draw();
      document.getElementById("option-players")?.focus();
    });
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = Number(form.elements.namedItem("players")?.value ?? game.options.players ?? game.players.min);
    const seats = [...Array(players).keys()].map((seat) => form.elements.namedItem(`seat-${seat}`)?.value ?? defaultKind(seat));
    const body = { game: game.name, options: readOptions(form, game.options), seats, open: form.elements.namedItem("open").checked };
    const seed = form.elements.namedItem("seed").value;
    if (seed !== "") body.seed = Number(seed);
    const given = {};
    seats.forEach((kind, seat) => {
      const name = form.elements.namedItem(`name-${seat}`)?.value.trim();
      if (kind === HUMAN && name) given[seat] = name;
    });
    try {
      const created = await api.create(body);
      const keys = new Keys(created.table.id);
      const hotseat = form.elements.namedItem("hotseat").checked;
      names.set(created.table.id, given);
      const carried = Object.keys(given).length ? `&names=${encodeURIComponent(JSON.stringify(given))}` : "";
      created.seats.forEach((seat, index) => {
        if (hotseat || index === 0) keys.add(seat.token);
        else keys.invite[seat.seat] = seat.join + carried;
      });
      keys.save();
      location.assign(`/tables/${created.table.id}`);
    } catch (error) {
      report(error.message);
    }
  });
  draw();
  return form;
}

function tableRow(table, report) {
  const keys = new Keys(table.id);
  const seats = table.seats.map((place) =>
    place.player === "bot" ? botName(place.bot) : place.joined ? "a person" : table.open ? "free" : "invited",
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
                report(error.message);
              }
            },
          },
          `Sit down as player ${seat + 1}`,
        ),
      )
    : [];
  return h(
    "li",
    { class: "listed", dataset: { table: table.id } },
    h("strong", {}, title(table.game)),
    ` · ${plural(table.seats.length, "player")} · ${{ waiting: "waiting for players", playing: "being played", over: "over" }[table.status] ?? table.status} · `,
    seats.join(", "),
    " ",
    h("a", { href: `/tables/${table.id}` }, keys.play.length ? "Back to your seat" : "Watch"),
    " ",
    claim,
  );
}

export async function lobbyPage(root) {
  const message = h("p", { class: "message error", role: "alert" });
  const report = (text) => fill(message, text);
  const list = h("ul", { class: "tables" });
  const refresh = async () => {
    try {
      const { tables } = await api.tables();
      fill(list, tables.length ? tables.map((table) => tableRow(table, report)) : h("li", {}, "No table is being played; create one."));
    } catch (error) {
      report(error.message);
    }
  };
  fill(
    root,
    h("header", { class: "topbar" }, h("a", { href: "/", class: "home" }, "tablegames"), h("span", { class: "title" }, "Lobby")),
    h(
      "main",
      { id: "lobby" },
      message,
      h("section", { class: "panel" }, h("h1", {}, "New table"), h("p", {}, "Loading the games…")),
      h(
        "section",
        { class: "panel" },
        h("h2", {}, "Tables in play"),
        list,
        h("p", {}, h("button", { type: "button", onclick: refresh }, "Refresh")),
      ),
    ),
  );
  try {
    const { games } = await api.games();
    fill(root.querySelector("#lobby section"), h("h1", {}, "New table"), createForm(games, report));
  } catch (error) {
    report(error.message);
  }
  await refresh();
  setInterval(() => document.visibilityState === "visible" && refresh(), 5000);
}
