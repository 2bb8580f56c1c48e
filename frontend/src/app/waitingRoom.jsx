import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";

import { useWaitingRoomState } from "../api/waitingRoom";
import { paths } from "../config/paths";
import { useStableNavigate } from "../hooks/useStableNavigate";
import {
  ROOM_OFF,
  WaitingRoomContext,
  forgetWaitingRoom,
  onWaitingRoomRefusal,
  useAdmission,
  useWaitingRoom,
} from "../lib/waitingRoom";

// A write refused for want of a turn sends the family to the line, carrying where they were.
function SendRefusedToLine() {
  const navigate = useStableNavigate();
  const location = useLocation();
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });
  useEffect(
    () =>
      onWaitingRoomRefusal(() => {
        if (here.current.pathname === paths.waitingRoom) return;
        navigate(paths.waitingRoom, { state: { from: here.current } });
      }),
    [navigate],
  );
  return null;
}

/*
 * Whether the opening morning's waiting room is on, asked of the server once as the app starts
 * (GET /waitingRoom, without a place), for the pages that send a family to the line and the
 * catalog's banner. An answer that failed counts as off: the server still refuses a write made
 * without a turn, and that refusal sends the family to the line. Off, nothing kept from an
 * earlier morning is worth sending.
 */
export function WaitingRoomProvider({ children }) {
  const { data, error } = useWaitingRoomState();
  useEffect(() => {
    if (data && !data.active) forgetWaitingRoom();
  }, [data]);
  const room = useMemo(() => {
    if (data) {
      const { active, paused, season, opensAt } = data;
      return { known: true, active, paused, season, opensAt };
    }
    return error ? ROOM_OFF : { ...ROOM_OFF, known: false };
  }, [data, error]);
  return (
    <WaitingRoomContext.Provider value={room}>
      <SendRefusedToLine />
      {children}
    </WaitingRoomContext.Provider>
  );
}

/*
 * Around the pages that register (selected classes, checkout, payment): while the room is on, a
 * family without a turn goes to the line first, and comes back here once admitted. `pending`
 * shows until the app knows whether the room is on.
 */
export function WaitingRoomGate({ pending = null }) {
  const room = useWaitingRoom();
  const admission = useAdmission();
  const location = useLocation();
  if (!room.known) return pending;
  if (room.active && !admission) {
    return <Navigate to={paths.waitingRoom} state={{ from: location }} replace />;
  }
  return <Outlet />;
}
