import { Outlet } from "react-router-dom";

import { CartBar } from "../cart/CartBar";
import { PageShell } from "./PageShell";
import { WaitingRoomBanner } from "./WaitingRoomBanner";

export function MainLayout() {
  return (
    <PageShell after={<CartBar />}>
      <WaitingRoomBanner />
      <Outlet />
    </PageShell>
  );
}
