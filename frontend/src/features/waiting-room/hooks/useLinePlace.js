import { useEffect, useReducer } from "react";

import { checkWaitingRoom, joinWaitingRoom } from "../../../api/waitingRoom";
import {
  forgetWaitingRoom,
  getLine,
  storeAdmission,
  storeLine,
  useAdmission,
} from "../../../lib/waitingRoom";
import { JOINING, asksServer, lineStart, lineStep } from "../components/lineSteps";

// What an answer leaves in the browser, for a reload, another tab and every later request.
function keep(answer) {
  if (!answer.active) {
    forgetWaitingRoom();
    return;
  }
  // A token the server no longer knows is not sent again: the next join asks for a new place.
  storeLine(answer.line);
  if (answer.admitted && answer.admission) {
    storeAdmission(answer.admission, answer.admissionExpiresAt);
  }
}

/*
 * The family's place in the line (components/lineSteps.js): joins it, then asks after it at the
 * server's pace, without reloading the page. The token is read from storage at each request, so
 * a place another tab was given is this tab's too.
 */
export function useLinePlace() {
  const [state, dispatch] = useReducer(lineStep, lineStart);
  const admission = useAdmission();
  const { step, round, nextInSeconds } = state;

  useEffect(() => {
    if (admission) dispatch({ type: "admittedElsewhere" });
  }, [admission]);

  useEffect(() => {
    if (!asksServer(step)) return undefined;
    let left = false;
    const timer = setTimeout(async () => {
      const line = getLine();
      try {
        const answer =
          step === JOINING || !line ? await joinWaitingRoom(line) : await checkWaitingRoom(line);
        // Kept even when the page was left meanwhile: the place is the family's.
        keep(answer);
        if (!left) dispatch({ type: "answered", answer });
      } catch (failure) {
        // A token the server does not take for a place in its line: a new place is asked for.
        const unknown = failure.status === 400 && Boolean(failure.fieldErrors?.line);
        if (unknown) storeLine(null);
        if (left) return;
        dispatch(
          unknown
            ? { type: "placeUnknown" }
            : {
                type: "failed",
                message: failure.message,
                retryAfterSeconds: failure.retryAfterSeconds ?? null,
              },
        );
      }
    }, nextInSeconds * 1000);
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [step, round, nextInSeconds]);

  return state;
}
