// The client's words in English, German and Swedish: a table of strings per language (words-*.js), the language
// chosen in the page's switcher and remembered in this browser, or else the browser's own language.

import de from "./words-de.js";
import en from "./words-en.js";
import sv from "./words-sv.js";

/** The languages of the client, each in its own words. */
export const LANGUAGES = { en: "English", de: "Deutsch", sv: "Svenska" };
const TABLES = { en, de, sv };
const KEY = "tablegames:language";

function chosen() {
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    // storage refused: the browser's language
  }
  if (saved in TABLES) return saved;
  for (const tag of navigator.languages ?? [navigator.language ?? "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (code in TABLES) return code;
  }
  return "en";
}

/** The language the page is shown in: "en", "de" or "sv". */
export const language = chosen();
document.documentElement.lang = language;

/**
 * The words of `key` in the page's language, `{name}` filled from `values`; an entry may be a function of the
 * values (plurals). English stands in for a word a table lacks.
 */
export function t(key, values = {}) {
  const entry = TABLES[language][key] ?? en[key];
  if (entry === undefined) return key;
  if (typeof entry === "function") return entry(values);
  return entry.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

// The badge on a card received this round (style.css) says "new" in the page's language.
document.documentElement.style.setProperty("--received", JSON.stringify(t("kalo.new")));

/** Whether the table of the page's language has `key`. */
export const has = (key) => key in TABLES[language] || key in en;

/** The language switcher: a choice remembered in this browser; the page is drawn again in the new language. */
export function languageSwitcher(h) {
  const select = h(
    "select",
    { id: "language", "aria-label": t("language"), class: "language" },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === language, lang: code }, name)),
  );
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, select.value);
    } catch {
      // storage refused: the choice lasts for this page only
    }
    location.reload();
  });
  return select;
}

/** Whether the page's own language has `key` (not English standing in for it). */
export const hasOwn = (key) => key in TABLES[language];
