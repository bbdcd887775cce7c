"""A minimal text frontend: play one seat of any game, random bots at the others. Run: frontend.py GAME [SEAT]."""

from __future__ import annotations

import json
import random
import sys

import tablegames

COMMON = ("format", "version", "game", "seat", "is_over", "legal_actions")  # the fields not worth showing


class Table:
    """The game's side: a match with random bots at the other seats, spoken to in JSON only."""

    def __init__(self, name: str, seat: int, seed: int) -> None:
        self.match, self.seat, self.seen = tablegames.Match(tablegames.load(name), seed=seed), seat, 0
        self.bot, self.rng = self.match.game.bot("random"), random.Random(seed)

    def view(self) -> str:
        """Let the bots decide until it is our seat's turn or the end; return our view and the news, as JSON."""
        while (state := self.match.state).current_player not in (None, self.seat):
            self.match.play(self.bot.choose(state.view(state.current_player), self.rng))
        news = self.match.events_for(self.seat)[self.seen :]
        self.seen += len(news)
        return json.dumps({"view": state.view(self.seat).to_dict(), "events": [event.to_dict() for event in news]})

    def act(self, message: str) -> str:
        """Play ``{"action": ...}``, in notation or as an action dict; reply ``{}`` or ``{"error": ...}``."""
        action, state = json.loads(message)["action"], self.match.state
        try:
            chosen = state.parse_action(action) if isinstance(action, str) else state.game.action_from_dict(action)
            self.match.play(chosen, seat=self.seat)
        except tablegames.TablegamesError as error:
            return json.dumps({"error": str(error)})
        return "{}"


def main(name: str, seat: int = 0) -> None:
    """The frontend, which knows the game only from the Table's JSON: show the view, read a decision, send it."""
    table = Table(name, seat, seed=1)
    while True:
        message = json.loads(table.view())
        view, legal = message["view"], message["view"]["legal_actions"]
        for event in message["events"]:
            print("  ·", event["text"])
        if view["is_over"]:
            print(f"game over: scores {view['scores']}, winners {view['winners']}")
            return
        print(*(f"{key}: {json.dumps(value)}" for key, value in view.items() if key not in COMMON), sep="\n")
        print("legal:", " | ".join(f"{number}. {text}" for number, text in enumerate(legal, 1)))
        if not (line := sys.stdin.readline()):  # the end of the input
            return
        text = line.strip()  # a decision's number in the list, or its notation
        chosen = legal[int(text) - 1] if text.isdigit() and 0 < int(text) <= len(legal) else text
        if "error" in (reply := json.loads(table.act(json.dumps({"action": chosen})))):
            print("error:", reply["error"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "kalaha", int(sys.argv[2]) if len(sys.argv) > 2 else 0)
