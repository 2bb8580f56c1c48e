import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";

import { useAuth } from "../../lib/auth";
import { PageShell } from "./PageShell";
import { WaitingRoomBanner } from "./WaitingRoomBanner";

// The cart's code loads for a signed-in family only: a visitor's first page never carries it.
const CartBar = lazy(() =>
  import(/* webpackChunkName: "cart-bar" */ "../cart/CartBar").then((module) => ({
    default: module.CartBar,
  })),
);

function FamilyCartBar() {
  const { user, role } = useAuth();
  if (!user || role !== "student") return null;
  return (
    <Suspense fallback={null}>
      <CartBar />
    </Suspense>
  );
}

export function MainLayout() {
  return (
    <PageShell after={<FamilyCartBar />}>
      <WaitingRoomBanner />
      <Outlet />
    </PageShell>
  );
}
