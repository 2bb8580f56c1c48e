import { createRoot } from "react-dom/client";

import "bootstrap/dist/css/bootstrap.min.css";
import "./app/app.css";
import { App } from "./app/App";

createRoot(document.getElementById("root")).render(<App />);
