import { useEffect, useMemo, useState } from "react";

import { useEligibility } from "../../../api/eligibility";
import { useEnrolledClassesOrNone } from "../../../api/enrolledClasses";
import { useParticipantsOrNone } from "../../../api/participants";
import { useSelectClass, useSelections } from "../../../api/selections";
import { useJoinWaitlist } from "../../../api/waitlist";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { heldClasses } from "../components/selectRules";

/*
 * Selecting classes as a student, for any page that offers Select: the classes the family
 * already holds (selected or enrolled, with their meetings, for the clash check), whether Select
 * must wait, and `select(classItem, participant)`, which announces success or keeps the
 * server's refusal in `failure`. `knownClasses` are the classes the page has loaded; a selection
 * without meetings takes them from there, and the server is asked once, for all of them, who in
 * the family can take which (`eligibilityByClass`). `family` is the family's participants when
 * there is more than one, so a Select must ask for whom; null when the student selects for
 * themselves alone. `joinWaitlist(classItem, participant)` puts someone on a full class's
 * waitlist the same way; `waitlisted` are those joined on this visit.
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

export function useClassSelection(knownClasses) {
  const { user, role } = useAuth();
  const notify = useNotify();
  // Only students select; nobody else's selections, enrolments or family are asked for.
  const studentEmail = user && role === "student" ? user.email : null;
  const selections = useSelections(studentEmail);
  const { enrolled, isLoading: enrolledLoading } = useEnrolledClassesOrNone(studentEmail);
  const { participants, isLoading: participantsLoading } = useParticipantsOrNone(
    Boolean(studentEmail),
  );
  const classIds = useMemo(
    () => (studentEmail ? (knownClasses ?? []).map((classItem) => classItem._id) : []),
    [studentEmail, knownClasses],
  );
  const { eligibilityByClass } = useEligibility(classIds);
  const selectClass = useSelectClass(studentEmail);
  const joinClassWaitlist = useJoinWaitlist();
  const [selecting, setSelecting] = useState(null);
  // Selected on this visit, as {classItem, participantId}: held at once, without waiting for
  // the refreshed list.
  const [justSelected, setJustSelected] = useState([]);
  // Joined on this visit, as {classId, participantId}: not offered again while the answer of who
  // can take what is asked afresh.
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
    const forWhom =
      participant && !participant.isAccountHolder ? ` for ${participant.firstName}` : "";
    const text = `${waitlist ? "Joined the waitlist" : "Selected"}${forWhom}`;
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

  const held = useMemo(
    () =>
      heldClasses({
        selections: selections.data,
        enrolled,
        justSelected,
        knownClasses,
        holderId,
      }),
    [selections.data, enrolled, justSelected, knownClasses, holderId],
  );

  // Until the student's own lists and family are known, a Select could only earn a refusal, or
  // go to the wrong person. A list that failed to load does not block: the server still refuses
  // a duplicate or a clash, and a Select without a participant is the account holder's.
  const listsLoading =
    Boolean(studentEmail) && (selections.isLoading || enrolledLoading || participantsLoading);

  // `participant` is whom the class is for, chosen when the family has several; without one
  // the server takes the account holder.
  async function select(classItem, participant) {
    setSelecting(classItem._id);
    setFailure("");
    try {
      await selectClass(classItem, participant?._id);
      setJustSelected((previous) => [
        ...previous,
        { classItem, participantId: participant?._id ?? holderId },
      ]);
      answered(
        classItem,
        participant,
        participant && !participant.isAccountHolder
          ? `${classItem.nameClass} is Selected Successfully for ${participant.firstName} ${participant.lastName}`
          : `${classItem.nameClass} is Selected Successfully`,
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
      const who =
        participant && !participant.isAccountHolder ? `${participant.firstName} is` : "You are";
      answered(
        classItem,
        participant,
        entry?.position
          ? `${who} on the waitlist, number ${entry.position}`
          : `${who} on the waitlist`,
        true,
      );
    } catch (joinError) {
      // The server's 409 says why: seats came free, already on the list, no longer eligible.
      refused(joinError.message);
    } finally {
      setSelecting(null);
    }
  }

  return {
    held,
    waiting: listsLoading || selecting !== null,
    family,
    eligibilityByClass,
    waitlisted,
    select,
    joinWaitlist,
    notices,
    failure,
    dismissFailure: () => setFailure(""),
  };
}
