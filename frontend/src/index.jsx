import { createRoot } from "react-dom/client";

import "@fontsource/bricolage-grotesque/latin-700.css";
import "./app/theme.scss";
import "./app/app.css";
import { App } from "./app/App";

createRoot(document.getElementById("root")).render(<App />);
