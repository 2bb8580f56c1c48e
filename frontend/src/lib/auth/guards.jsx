import { Navigate, Outlet, useLocation } from "react-router-dom";

import { paths } from "../../config/paths";
import { SESSION_ENDED, useAuth } from "./AuthProvider";

/*
 * Where a route is guarded. A guard wraps a route's children (or its nested routes, through the
 * Outlet). While the session is still opening it shows `pending` (the app passes its progress
 * bar); a visitor goes to /login carrying where they were headed (and, when our server has just
 * ended their session, the reason); a signed-in person without the role goes home. The server refuses the data anyway: a guard only spares a page that would fail.
 */
function Guard({ allows, pending = null, children }) {
  const { user, role, loading, sessionEnded } = useAuth();
  const location = useLocation();
  if (loading) return pending;
  if (!user) {
    const state = sessionEnded ? { from: location, message: SESSION_ENDED } : { from: location };
    return <Navigate to={paths.login} state={state} replace />;
  }
  if (!allows(role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}

// A guard for the roles named, or for anyone signed in (no `roles`).
function guardFor(roles) {
  return function RoleGuard(props) {
    return <Guard allows={(role) => !roles || roles.includes(role)} {...props} />;
  };
}

export const PrivateRoute = guardFor();
export const AdminRoute = guardFor(["admin"]);
export const InstructorRoute = guardFor(["instructor"]);
// A class's own pages that its instructor and the admins both read (messages, care records).
export const InstructorOrAdminRoute = guardFor(["instructor", "admin"]);
// The office's pages (the front desk, the day's attendance), which admins may use too.
export const OfficeOrAdminRoute = guardFor(["office", "admin"]);
// A class's roster: its instructor, the admins, and the office.
export const RosterRoute = guardFor(["instructor", "admin", "office"]);
