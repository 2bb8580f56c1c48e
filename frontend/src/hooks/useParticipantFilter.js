import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

export const PARTICIPANT_PARAM = "participant";

// Only an id the server can read is asked for; anything else in the address means everyone.
function chosenParticipant(searchParams) {
  const value = searchParams.get(PARTICIPANT_PARAM) ?? "";
  return /^\d+$/.test(value) ? value : "";
}

/*
 * The participant a family's list is narrowed to ("" for everyone), kept in the page's address
 * (`?participant=7`) so a reload or a shared link shows the same rows. Each choice is a new
 * history entry, so Back goes to the list as it was.
 */
export function useParticipantFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const participantId = chosenParticipant(searchParams);

  const chooseParticipant = useCallback(
    (id) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(PARTICIPANT_PARAM, String(id));
          else next.delete(PARTICIPANT_PARAM);
          return next;
        },
        // The person is working the filter; the page stays where they are.
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { participantId, chooseParticipant };
}
