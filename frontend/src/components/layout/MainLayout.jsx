import { Outlet } from "react-router-dom";

import { PageShell } from "./PageShell";

export function MainLayout() {
  return (
    <PageShell>
      <Outlet />
    </PageShell>
  );
}
