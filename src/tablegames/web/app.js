// The web client of `tablegames serve`: the lobby at /, a table at /tables/{id}. It speaks only the wire protocol.

import { lobbyPage } from "./lobby.js";
import { tablePage } from "./table.js";

const root = document.getElementById("app");
const table = location.pathname.match(/^\/tables\/([^/]+)\/?$/);
if (table) tablePage(root, decodeURIComponent(table[1]));
else lobbyPage(root);
