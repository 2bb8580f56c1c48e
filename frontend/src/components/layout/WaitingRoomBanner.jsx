import { Link, useLocation } from "react-router-dom";
import { jt, t } from "ttag";

import { paths } from "../../config/paths";
import { useAuth } from "../../lib/auth";
import { useAdmission, useWaitingRoom } from "../../lib/waitingRoom";

/*
 * Over the public pages while the opening morning's line is on, for a family without a turn:
 * browsing stays open, and the link takes them to the line, which brings them back here once
 * their turn comes. Staff register nobody, so they are not asked to queue.
 */
export function WaitingRoomBanner() {
  const room = useWaitingRoom();
  const admission = useAdmission();
  const { role } = useAuth();
  const location = useLocation();
  const staff = role === "admin" || role === "instructor";
  if (!room.active || admission || staff || location.pathname === paths.waitingRoom) return null;
  const seasonName = room.season?.name;
  const joinLine = (
    <Link key="join" to={paths.waitingRoom} state={{ from: location }} className="fw-semibold">
      {t`join the line`}
    </Link>
  );
  return (
    <div className="alert alert-info rounded-0 border-start-0 border-end-0 py-2 mb-0 text-center small">
      {seasonName
        ? jt`${seasonName} registration takes families in turn. Browse freely; to select a class or pay, ${joinLine}.`
        : jt`Registration takes families in turn. Browse freely; to select a class or pay, ${joinLine}.`}
    </div>
  );
}
