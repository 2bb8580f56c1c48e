import { Navigate } from "react-router-dom";

import { dashboardHomeFor } from "../../../config/paths";
import { useAuth } from "../../../lib/auth";

// /dashboard itself has no page: each role starts on its own first page.
export function DashboardHome() {
  const { role } = useAuth();
  return <Navigate to={dashboardHomeFor(role)} replace />;
}
