import { config } from "../../config/config";

/*
 * The school's logo: its mark (a tent under the summer sun, static/img/favicon.svg, drawn by
 * `.logo` in app/app.css) and its name as the wordmark. The wordmark is live text in the heading
 * typeface and the theme's text colour, so it reads in both themes and a renamed school
 * (SITE_NAME) needs no new artwork. The drawing lives in the stylesheet rather than here: the
 * public first-load script is at its budget, the stylesheet is not.
 */
export function Logo() {
  return (
    <span role="img" aria-label={config.siteName} className="logo">
      {config.siteName}
    </span>
  );
}
