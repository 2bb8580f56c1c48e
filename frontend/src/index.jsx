import { startTransition } from "react";
import { createRoot } from "react-dom/client";

import "@fontsource/bricolage-grotesque/latin-700.css";
import "./app/theme.scss";
import "./app/app.css";
// The class and instructor pages' long names: small, and in the first stylesheet rather than a
// second one their page head would have to wait for before its first paint.
import "./components/ui/long-text.css";
import { App } from "./app/App";

/*
 * The first render as a transition: React draws it in slices of a few milliseconds and lets the
 * phone handle input between them, where a plain render is one long task (Lighthouse's total
 * blocking time counted 225 to 270 ms of it on a throttled phone).
 */
const root = createRoot(document.getElementById("root"));
startTransition(() => root.render(<App />));
