// Any other game: the view's own fields as they come, and every legal action as a button (see panels.js).

import { h } from "./dom.js";

const COMMON = new Set(["format", "version", "game", "seat", "current_player", "is_over", "scores", "winners", "legal_actions"]);

export default {
  name: "generic",

  highlights: new Set(["round_ended"]),

  handles: () => false,

  draw(view) {
    const fields = Object.entries(view)
      .filter(([key]) => !COMMON.has(key))
      .map(([key, value]) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, h("code", {}, JSON.stringify(value)))]);
    return h("section", { class: "game generic", "aria-label": view.game }, h("dl", { class: "fields" }, fields));
  },
};
