import { api } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { LANGUAGE, LANGUAGE_NAMES, languageRemember } from "../../lib/language";

/*
 * Each language is its own build of the app, so a switch keeps the choice (on the account for a
 * signed-in person, whose e-mails follow it; in a cookie for everyone) and loads the page again
 * in the other language.
 */
export async function languageSwitch(language, { signedIn }) {
  if (signedIn) await api.patch("/profile", { language });
  languageRemember(language);
  window.location.reload();
}

export function LanguageSwitch({ className = "" }) {
  const { user } = useAuth();
  const other = LANGUAGE === "es" ? "en" : "es";
  return (
    <button
      type="button"
      className={`btn btn-link ${className}`}
      lang={other}
      // Named in the language it switches to, so a person who reads only that one finds it.
      aria-label={other === "es" ? "Ver el sitio en español" : "View the site in English"}
      onClick={() => languageSwitch(other, { signedIn: Boolean(user) })}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
