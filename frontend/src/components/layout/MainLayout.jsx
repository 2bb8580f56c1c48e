import { Outlet } from "react-router-dom";

import { PageShell } from "./PageShell";
import { WaitingRoomBanner } from "./WaitingRoomBanner";

export function MainLayout() {
  return (
    <PageShell>
      <WaitingRoomBanner />
      <Outlet />
    </PageShell>
  );
}
