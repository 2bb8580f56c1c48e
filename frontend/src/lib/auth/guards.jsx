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

const anyRole = () => true;
const adminOnly = (role) => role === "admin";
const instructorOnly = (role) => role === "instructor";
const instructorOrAdmin = (role) => role === "instructor" || role === "admin";
const officeOrAdmin = (role) => role === "office" || role === "admin";
const rosterReader = (role) => instructorOrAdmin(role) || role === "office";

export function PrivateRoute(props) {
  return <Guard allows={anyRole} {...props} />;
}

export function AdminRoute(props) {
  return <Guard allows={adminOnly} {...props} />;
}

export function InstructorRoute(props) {
  return <Guard allows={instructorOnly} {...props} />;
}

// A class's own pages that its instructor and the admins both read (the roster).
export function InstructorOrAdminRoute(props) {
  return <Guard allows={instructorOrAdmin} {...props} />;
}

// The front desk: the office, and admins who stand in for it.
export function OfficeOrAdminRoute(props) {
  return <Guard allows={officeOrAdmin} {...props} />;
}

// A class's roster and the day's attendance that leads to it: its instructor, admins, the office.
export function RosterRoute(props) {
  return <Guard allows={rosterReader} {...props} />;
}
