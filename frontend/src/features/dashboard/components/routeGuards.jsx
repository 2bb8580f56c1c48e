import { Navigate, Outlet, useLocation } from "react-router-dom";

import { paths } from "../../../config/paths";
import { useAuth } from "../../../lib/auth";
import { LoadingBar } from "./LoadingBar";

/*
 * Guards wrap a route's children (or its nested routes, through the Outlet). While the session
 * is loading they show a progress bar; a visitor goes to /login carrying where they were headed;
 * a signed-in user without the role goes home.
 */
function Guard({ allows, children }) {
  const { user, role, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingBar />;
  if (!user) return <Navigate to={paths.login} state={{ from: location }} replace />;
  if (!allows(role)) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}

const anyRole = () => true;
const adminOnly = (role) => role === "admin";
const instructorOnly = (role) => role === "instructor";

export function PrivateRoute({ children }) {
  return <Guard allows={anyRole}>{children}</Guard>;
}

export function AdminRoute({ children }) {
  return <Guard allows={adminOnly}>{children}</Guard>;
}

export function InstructorRoute({ children }) {
  return <Guard allows={instructorOnly}>{children}</Guard>;
}
