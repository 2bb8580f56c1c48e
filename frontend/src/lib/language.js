/*
 * The language this build of the app speaks: each language is a build of its own (see
 * webpack.config.js), and jest runs the source language. Intl takes the locale below for dates,
 * times, numbers, lists and plurals, so each reads by its language's rules; prices stay in US
 * dollars, the school's currency, whatever the language.
 */
/* global process -- webpack's DefinePlugin writes the build's language in its place */
export const LANGUAGE = process.env.CAMP_LANGUAGE || "en";

const LOCALES = { en: "en-US", es: "es-US" };

export const LOCALE = LOCALES[LANGUAGE] ?? LOCALES.en;

/*
 * The language the school writes its own texts in (its policies, its pages): shown as written
 * whatever the page's language, and marked as such so a screen reader reads them in their own.
 */
export const SCHOOL_LANGUAGE = "en";

// The other language a person may switch to, named in its own words.
export const LANGUAGE_NAMES = { en: "English", es: "Español" };

// The server reads the same cookie for the pages it sends (settings.LANGUAGE_COOKIE_NAME).
export const LANGUAGE_COOKIE = "camp_language";
const A_YEAR = 60 * 60 * 24 * 365;

export function languageRemember(language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${A_YEAR}; samesite=lax`;
}

/*
 * A signed-in person reads the site in their account's language, whatever this browser chose
 * before: a page built in another language is loaded again in theirs.
 */
export function languageFollow(language) {
  if (!language || language === LANGUAGE || !LANGUAGE_NAMES[language]) return;
  languageRemember(language);
  window.location.reload();
}
