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

// The other language a person may switch to, named in its own words.
export const LANGUAGE_NAMES = { en: "English", es: "Español" };
