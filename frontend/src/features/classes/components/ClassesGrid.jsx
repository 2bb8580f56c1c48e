import { Suspense, lazy, memo, useState } from "react";
import { t } from "ttag";

import { CardGrid } from "../../../components/cards/CardGrid";
import { useAuth } from "../../../lib/auth";
import { ClassCard } from "./ClassCard";
import { selectAvailability, waitlistChoices } from "./selectRules";

// Asked only after a press: loaded then (one small chunk with the dialog they share), so the
// classes list's first load carries the cards alone.
const ForWhomDialog = lazy(() =>
  import(/* webpackChunkName: "select-dialogs" */ "./ForWhomDialog").then((module) => ({
    default: module.ForWhomDialog,
  })),
);
const LoginRequiredDialog = lazy(() =>
  import(/* webpackChunkName: "select-dialogs" */ "./LoginRequiredDialog").then((module) => ({
    default: module.LoginRequiredDialog,
  })),
);

// No notice yet: one object, so the memoized grid sees the same props.
const NO_NOTICES = {};

/*
 * The public classes grid. A visitor pressing Select is asked to log in; for a signed-in student
 * the press goes to onSelect(classItem), or, when the student's `family` has several
 * participants, first asks for whom and goes to onSelect(classItem, participant). What each
 * card's button says is `availabilityOf(classItem)` (useClassSelection, from the server's answer
 * of who can take which class); without it, the session and the class's public state decide
 * (selectAvailability). A full class's Join the waitlist goes the same way to
 * onJoinWaitlist(classItem, participant). `notices` are what each Select or join did, by class
 * id (useClassSelection). The archive's classes (`past`) have ended: each card says so instead.
 * Memoized: the page around it redraws on answers that change no card (useClassSelection keeps
 * its functions the same until what they read changes).
 */
export const ClassesGrid = memo(function ClassesGrid({
  classes,
  past = false,
  onSelect,
  onJoinWaitlist,
  availabilityOf,
  family = null,
  notices = NO_NOTICES,
}) {
  const { user, role, loading } = useAuth();
  const [visitorChoice, setVisitorChoice] = useState(null);
  // {classItem, waitlist}: the class, and whether the press was to join its waitlist.
  const [askingForWhom, setAskingForWhom] = useState(null);

  function availabilityFor(classItem) {
    if (availabilityOf) return availabilityOf(classItem);
    return selectAvailability(classItem, {
      // While the session is still loading we cannot tell a visitor from a student.
      sessionLoading: loading,
      role,
      visitor: !loading && !user,
    });
  }

  function handleSelect(classItem) {
    if (!user) setVisitorChoice(classItem);
    else if (family) setAskingForWhom({ classItem, waitlist: false });
    else onSelect?.(classItem);
  }

  function handleJoinWaitlist(classItem) {
    if (family) setAskingForWhom({ classItem, waitlist: true });
    else onJoinWaitlist?.(classItem);
  }

  function forWhomDialog() {
    const { classItem, waitlist } = askingForWhom;
    const { choices } = availabilityFor(classItem);
    return (
      <ForWhomDialog
        classItem={classItem}
        title={waitlist ? t`Who is joining the waitlist for ${classItem.nameClass}?` : undefined}
        choices={waitlist ? waitlistChoices(choices) : choices}
        onChoose={(participant) => {
          setAskingForWhom(null);
          if (waitlist) onJoinWaitlist?.(classItem, participant);
          else onSelect?.(classItem, participant);
        }}
        onClose={() => setAskingForWhom(null)}
      />
    );
  }

  return (
    <>
      <CardGrid
        items={classes}
        getKey={(classItem) => classItem._id}
        // Right under the page heading: the first row is in view on arrival.
        atTop
        renderItem={(classItem, imagePriority) => {
          const { disabled, label, reason, choices, listChoices, waitlist, opens } =
            availabilityFor(classItem);
          return (
            <ClassCard
              classItem={classItem}
              imagePriority={imagePriority}
              ended={past}
              selectDisabled={disabled}
              selectLabel={label}
              reason={reason}
              choices={listChoices ? choices : null}
              waitlist={waitlist}
              opens={opens}
              notice={notices[classItem._id]}
              onSelect={handleSelect}
              onJoinWaitlist={handleJoinWaitlist}
            />
          );
        }}
      />
      <Suspense fallback={null}>
        {visitorChoice && (
          <LoginRequiredDialog classItem={visitorChoice} onClose={() => setVisitorChoice(null)} />
        )}
        {askingForWhom && family && forWhomDialog()}
      </Suspense>
    </>
  );
});
