import { useRef, useState } from "react";
import { NavLink, Outlet } from "react-router-dom";
import { t } from "ttag";

import { CartBar } from "../../../components/cart/CartBar";
import { Logo } from "../../../components/layout/Logo";
import { RouteAnnouncer } from "../../../components/layout/RouteAnnouncer";
import { ThemeToggle } from "../../../components/layout/ThemeToggle";
import { LongText } from "../../../components/ui/LongText";
import { useLogOut } from "../../../hooks/useLogOut";
import { useRouteFocus } from "../../../hooks/useRouteFocus";
import { useAuth } from "../../../lib/auth";
import { commonLinks, menuFor } from "../components/sideMenu";
import { UndeliverableBanner } from "../components/UndeliverableBanner";
import { Picture } from "../../../components/ui/Picture";

const MENU_ID = "dashboard-menu";

function MenuLinks({ links, onFollow }) {
  return (
    <ul className="nav nav-pills flex-column gap-1">
      {links.map(({ to, label, end }) => (
        <li className="nav-item" key={to}>
          <NavLink className="nav-link" to={to} end={end} onClick={onFollow}>
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/*
 * The dashboard frame: a bar with the theme toggle over the role's side menu and the page. Below
 * lg the menu folds away behind the bar's button. One toggle, as the navigation bar has one: each
 * reads the page's theme when it appears. Below lg the open menu and the page pack at the top:
 * stretched over the screen's height they would open blank bands between them.
 */
export function DashboardLayout() {
  const { user, role } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const handleLogOut = useLogOut(closeMenu);
  const name = user?.displayName || user?.email;
  const main = useRef(null);
  const announcement = useRouteFocus(main);

  return (
    <div className="container-fluid d-flex flex-column min-vh-100">
      <div className="dashboard-bar row border-bottom">
        <div className="col-12 d-flex justify-content-between justify-content-lg-end gap-2 py-2">
          <button
            type="button"
            className="btn btn-outline-primary d-lg-none"
            aria-controls={MENU_ID}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t`Open Dashboard Menu`}
          </button>
          <ThemeToggle />
        </div>
      </div>
      <div className="row flex-grow-1 align-content-start align-content-lg-stretch">
        <nav
          id={MENU_ID}
          aria-label={t`Dashboard`}
          className={`dashboard-menu col-lg-3 col-xl-2 bg-body-tertiary border-end py-4 ${
            menuOpen ? "d-block" : "d-none"
          } d-lg-block`}
        >
          {/* The menu's Home link leads back to the site; the logo only says whose it is. */}
          <p className="fs-4 mb-4 px-2">
            <Logo />
          </p>
          {user && (
            <div className="d-flex align-items-center gap-2 mb-4 px-2">
              {/* Beside the name, which says it: only to look at. */}
              <Picture
                src={user.photoURL}
                name={name}
                person
                width={40}
                height={40}
                round
                className="border"
                referrerPolicy="no-referrer"
              />
              <LongText text={name} className="fw-semibold" />
            </div>
          )}
          <MenuLinks links={menuFor(role)} onFollow={closeMenu} />
          <hr />
          <MenuLinks links={commonLinks} onFollow={closeMenu} />
          <hr />
          <button type="button" className="btn btn-outline-secondary w-100" onClick={handleLogOut}>
            {t`Log Out`}
          </button>
        </nav>
        <main id="main" className="col-lg-9 col-xl-10 py-4 px-lg-5" tabIndex={-1} ref={main}>
          <UndeliverableBanner />
          <Outlet />
        </main>
        <RouteAnnouncer announcement={announcement} />
      </div>
      <CartBar />
    </div>
  );
}
