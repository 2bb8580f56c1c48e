import { Suspense, lazy } from "react";
import { Navigate } from "react-router-dom";
import { t } from "ttag";

import { Loading } from "../../../components/ui/Loading";
import { dashboardHomeFor } from "../../../config/paths";
import { useAuth } from "../../../lib/auth";

const FamilyToDoPage = lazy(async () => ({
  default: (await import(/* webpackChunkName: "todo" */ "./FamilyToDoPage")).FamilyToDoPage,
}));

// /dashboard itself: a family's to-do list; staff start on their own first page.
export function DashboardHome() {
  const { role } = useAuth();
  if (role !== "student") return <Navigate to={dashboardHomeFor(role)} replace />;
  return (
    <Suspense fallback={<Loading label={t`Loading what you have to do…`} />}>
      <FamilyToDoPage />
    </Suspense>
  );
}
