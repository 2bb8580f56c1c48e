import "@fontsource/bricolage-grotesque/latin-700.css";
import "./app/theme.scss";
import "./app/app.css";
// The class and instructor pages' long names: small, and in the first stylesheet rather than a
// second one their page head would have to wait for before its first paint.
import "./components/ui/long-text.css";

// After the style sheets: the app's own (pictures') come after them in the page's stylesheet.
import { start } from "./app/start";

start(document.getElementById("root"));
