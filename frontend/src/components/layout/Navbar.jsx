import { useLayoutEffect, useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { t } from "ttag";

import { dashboardHomeFor, paths } from "../../config/paths";
import { useHydrating } from "../../lib/hydrating";
import { useLogOut } from "../../hooks/useLogOut";
import { useAuth } from "../../lib/auth";
import { Picture } from "../ui/Picture";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { ThemeToggle } from "./ThemeToggle";

export const siteLinks = [
  { to: paths.home, label: t`Home`, end: true },
  { to: paths.instructors, label: t`All Instructors` },
  { to: paths.classes, label: t`All Classes` },
  { to: paths.gallery, label: t`Gallery` },
];

function UserAvatar({ user }) {
  const name = user.displayName || user.email;
  return (
    <Picture
      src={user.photoURL}
      alt={name}
      person
      title={name}
      width={40}
      height={40}
      round
      className="border"
      referrerPolicy="no-referrer"
    />
  );
}

export function Navbar() {
  // A visitor's while the app takes the server's HTML over (AuthProvider), then the session.
  const { user, role, loading } = useAuth();
  const hydrating = useHydrating();
  useLayoutEffect(() => {
    // From here on the button follows the session itself (templates/index.html).
    if (!hydrating) document.documentElement.classList.remove("session-restoring");
  }, [hydrating]);
  const [expanded, setExpanded] = useState(false);
  const collapse = () => setExpanded(false);
  const handleLogOut = useLogOut(collapse);

  return (
    <header>
      <nav className="navbar navbar-expand-lg bg-body-tertiary border-bottom" aria-label={t`Main`}>
        <div className="container">
          <Link className="navbar-brand" to={paths.home} onClick={collapse}>
            <Logo />
          </Link>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="main-navbar"
            aria-expanded={expanded}
            aria-label={t`Toggle navigation`}
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div className={`collapse navbar-collapse${expanded ? " show" : ""}`} id="main-navbar">
            <ul className="navbar-nav me-auto mb-2 mb-lg-0">
              {siteLinks.map(({ to, label, end }) => (
                <li className="nav-item" key={to}>
                  <NavLink className="nav-link" to={to} end={end} onClick={collapse}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="d-flex flex-wrap align-items-center gap-2 pb-2 pb-lg-0">
              <LanguageSwitch />
              <ThemeToggle />
              {/* Until the session is known, show neither state rather than flash the wrong one. */}
              {!loading && !user && (
                <Link className="btn btn-primary visitor-only" to={paths.login} onClick={collapse}>
                  {t`Log In`}
                </Link>
              )}
              {!loading && user && (
                <>
                  <Link
                    className="btn btn-outline-primary"
                    to={dashboardHomeFor(role)}
                    onClick={collapse}
                  >
                    {t`Dashboard`}
                  </Link>
                  <UserAvatar user={user} />
                  <button type="button" className="btn btn-primary" onClick={handleLogOut}>
                    {t`Log Out`}
                  </button>
                </>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
