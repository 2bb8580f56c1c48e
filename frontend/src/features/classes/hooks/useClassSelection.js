import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useSWRConfig } from "swr";
import { t } from "ttag";

import { useEligibility } from "../../../api/eligibility";
import { useParticipantsOrNone } from "../../../api/participants";
import { revalidateSeasons, seasonOf, useSeasons } from "../../../api/seasons";
import { useSelectClass } from "../../../api/selections";
import { useJoinWaitlist } from "../../../api/waitlist";
import { useCountdownClock } from "../../../hooks/useCountdownClock";
import { useLatestCallback } from "../../../hooks/useLatestCallback";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { selectAvailability } from "../components/selectRules";

/*
 * Selecting classes as a student, for any page that offers Select. `knownClasses` are the classes
 * the page has loaded: the server is asked once, for all of them, who in the family can take
 * which (`eligibilityByClass`), and `availabilityOf(classItem)` is what each one's button says
 * (selectRules). `family` is the family's participants when there is more than one, so a Select
 * must ask for whom; null when the student selects for themselves alone.
 * `select(classItem, participant)` announces success or keeps the server's refusal in `failure`;
 * `joinWaitlist(classItem, participant)` puts someone on a full class's waitlist the same way.
 * Both revalidate the server's answer before they end (api/selections, api/waitlist), so the
 * buttons then say what the server now says. `waitlisted` are those joined on this visit, which
 * that answer does not tell.
 *
 * Before a class's season opens for the family its button is Opens soon, with a countdown
 * (`opens` of each availability). The page keeps one clock for all its countdowns; when one
 * reaches zero the seasons and the server's answer are asked again, and Select turns on.
 *
 * The button pressed is off while its answer comes (a disabled button drops the keyboard focus),
 * so the answer takes the focus: the class's own notice of what was done (`notices`, by class
 * id, shown beside its button with the id `selectNoticeId`), or, on a refusal, the alert that
 * says why.
 */
export function selectNoticeId(classId) {
  return `select-notice-${classId}`;
}

export const SELECT_FAILURE_ID = "select-failure";

// The notice beside the button: what was done, and for whom when not the account holder.
function noticeText(participant, waitlist) {
  const firstName = participant && !participant.isAccountHolder ? participant.firstName : null;
  if (waitlist) {
    return firstName ? t`Joined the waitlist for ${firstName}.` : t`Joined the waitlist.`;
  }
  return firstName ? t`Selected for ${firstName}.` : t`Selected.`;
}

// The toast once someone is on the waitlist, with their place when the server gives it.
function waitlistToast(participant, position) {
  const firstName = participant && !participant.isAccountHolder ? participant.firstName : null;
  if (firstName && position) return t`${firstName} is on the waitlist, number ${position}`;
  if (firstName) return t`${firstName} is on the waitlist`;
  if (position) return t`You are on the waitlist, number ${position}`;
  return t`You are on the waitlist`;
}

export function useClassSelection(knownClasses) {
  const { user, role, loading } = useAuth();
  const notify = useNotify();
  // Only students select; nobody else's family or answer is asked for.
  const studentEmail = user && role === "student" ? user.email : null;
  const { participants, isLoading: participantsLoading } = useParticipantsOrNone(
    Boolean(studentEmail),
  );
  const classIds = useMemo(
    () => (studentEmail ? (knownClasses ?? []).map((classItem) => classItem._id) : []),
    [studentEmail, knownClasses],
  );
  const { eligibilityByClass, isLoading: eligibilityLoading } = useEligibility(classIds);
  const { seasons: answeredSeasons } = useSeasons(
    Boolean(knownClasses?.some((classItem) => classItem.seasonId != null)),
  );
  // The seasons' answer changes every card's button, and a page of cards redrawn at once is one
  // long task on a phone: the cards learn it in a background render React does in slices, while
  // the render the answer itself causes leaves them as they are.
  const seasons = useDeferredValue(answeredSeasons);
  // The openings of the classes shown that the family still waits for: what the countdowns
  // count down to. A closed season waits for nothing.
  const openings = useMemo(
    () =>
      (knownClasses ?? [])
        .map((classItem) => seasonOf(seasons, classItem))
        .filter(
          (season) =>
            season?.registrationOpen === false && Date.parse(season.closesAt) > Date.now(),
        )
        .map((season) => season.opensForYouAt),
    [seasons, knownClasses],
  );
  const { mutate } = useSWRConfig();
  const seasonOpened = useCallback(() => revalidateSeasons(mutate), [mutate]);
  const now = useCountdownClock(openings, seasonOpened);
  const selectClass = useSelectClass(studentEmail);
  const joinClassWaitlist = useJoinWaitlist();
  const [selecting, setSelecting] = useState(null);
  // Joined on this visit, as {classId, participantId}: not offered again, since the server's
  // answer says only that they may join.
  const [waitlisted, setWaitlisted] = useState([]);
  const [failure, setFailure] = useState("");
  // What was done on this visit, by class id: {text, waitlist}; shorter than the toast, which
  // says it in full.
  const [notices, setNotices] = useState({});
  const [focusAfter, setFocusAfter] = useState(null);

  // After the render that drew the notice or the alert.
  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    document.getElementById(focusAfter)?.focus();
  }, [focusAfter]);

  function answered(classItem, participant, told, waitlist) {
    const text = noticeText(participant, waitlist);
    setNotices((previous) => ({ ...previous, [classItem._id]: { text, waitlist } }));
    setFocusAfter(selectNoticeId(classItem._id));
    notify(told);
  }

  function refused(message) {
    setFailure(message);
    setFocusAfter(SELECT_FAILURE_ID);
  }

  const holderId = participants?.find((participant) => participant.isAccountHolder)?._id ?? null;
  const family = participants?.length > 1 ? participants : null;

  // Until the family is known, a Select could go to the wrong person. A family that failed to
  // load does not block: a Select without a participant is the account holder's.
  const familyLoading = Boolean(studentEmail) && participantsLoading;

  // The same function until what it reads changes, so a grid of cards is redrawn only then.
  const availabilityOf = useCallback(
    (classItem) => {
      const eligibility = eligibilityByClass?.[classItem._id];
      return selectAvailability(classItem, {
        // While the session is still loading we cannot tell a visitor from a student.
        sessionLoading: loading,
        waiting:
          familyLoading ||
          selecting !== null ||
          // Its answer is on its way (a class just loaded by Load more).
          (eligibility === undefined && eligibilityLoading),
        role,
        family,
        eligibility,
        waitlisted,
        visitor: !loading && !user,
        season: seasonOf(seasons, classItem),
        now,
      });
    },
    [
      eligibilityByClass,
      loading,
      familyLoading,
      selecting,
      eligibilityLoading,
      role,
      family,
      waitlisted,
      user,
      seasons,
      now,
    ],
  );

  // `participant` is whom the class is for, chosen when the family has several; without one
  // the server takes the account holder.
  async function select(classItem, participant) {
    setSelecting(classItem._id);
    setFailure("");
    try {
      await selectClass(classItem, participant?._id);
      answered(
        classItem,
        participant,
        participant && !participant.isAccountHolder
          ? t`${classItem.nameClass} is Selected Successfully for ${participant.firstName} ${participant.lastName}`
          : t`${classItem.nameClass} is Selected Successfully`,
        false,
      );
    } catch (selectError) {
      refused(selectError.message);
    } finally {
      setSelecting(null);
    }
  }

  /*
   * The server needs whom the waitlist place is for: the participant chosen, else the account
   * holder (from the family, or the server's own answer of who can take the class).
   */
  async function joinWaitlist(classItem, participant) {
    const rows = eligibilityByClass?.[classItem._id];
    const participantId =
      participant?._id ??
      holderId ??
      (rows?.find((row) => row.isAccountHolder) ?? rows?.[0])?.participantId;
    setSelecting(classItem._id);
    setFailure("");
    try {
      const entry = await joinClassWaitlist(classItem._id, participantId);
      setWaitlisted((previous) => [...previous, { classId: classItem._id, participantId }]);
      answered(classItem, participant, waitlistToast(participant, entry?.position), true);
    } catch (joinError) {
      // The server's 409 says why: seats came free, already on the list, no longer eligible.
      refused(joinError.message);
    } finally {
      setSelecting(null);
    }
  }

  // The same functions for the page's whole life, each doing what the latest render knows.
  const stableSelect = useLatestCallback(select);
  const stableJoinWaitlist = useLatestCallback(joinWaitlist);

  return {
    availabilityOf,
    // The seasons of the classes shown (GET /seasons), undefined until asked and answered.
    seasons,
    family,
    select: stableSelect,
    joinWaitlist: stableJoinWaitlist,
    notices,
    failure,
    dismissFailure: () => setFailure(""),
  };
}
