import { useRef } from "react";
import { t } from "ttag";

import { useRouteFocus } from "../../hooks/useRouteFocus";
import { Footer } from "./Footer";
import { Navbar } from "./Navbar";
import { RouteAnnouncer } from "./RouteAnnouncer";

// Navigation bar, main content and footer: every public page, and the error page, sit inside it.
// `after` comes below the footer (the cart's bar, and the room it keeps free under the page).
export function PageShell({ children, after = null }) {
  const main = useRef(null);
  const announcement = useRouteFocus(main);
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable btn btn-primary position-absolute m-2" href="#main">
        {t`Skip to main content`}
      </a>
      <Navbar />
      <main id="main" className="flex-grow-1" tabIndex={-1} ref={main}>
        {children}
      </main>
      <RouteAnnouncer announcement={announcement} />
      <Footer />
      {after}
    </div>
  );
}
