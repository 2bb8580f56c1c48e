import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { CardGrid } from "../../../components/cards/CardGrid";
import { ParticipantFilter } from "../../../components/ui/ParticipantFilter";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useParticipantFilter } from "../../../hooks/useParticipantFilter";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { useCancelEnrolment } from "../../../api/cancellations";
import { useEnrolledClasses } from "../../../api/enrolledClasses";
import { CalendarFeed } from "../components/CalendarFeed";
import { CancelEnrolmentDialog } from "../components/CancelEnrolmentDialog";
import { EnrolledClassCard } from "../components/EnrolledClassCard";
import { TransferEnrolmentDialog } from "../components/TransferEnrolmentDialog";

// The answers' dialog, with the form libraries, loads as it first opens.
const EnrolmentAnswersDialog = lazy(() =>
  import(/* webpackChunkName: "enrolment-answers" */ "../components/EnrolmentAnswersDialog").then(
    (module) => ({ default: module.EnrolmentAnswersDialog }),
  ),
);

// A row is an enrolment: the class's id alone repeats when two children share a class.
function enrolmentKey(enrolledClass) {
  return `${enrolledClass._id}:${enrolledClass.participantId ?? ""}`;
}

export function MyEnrolledClassesPage() {
  useTitle(t`My Enrolled Classes`);
  const { user } = useAuth();
  const { participantId, chooseParticipant } = useParticipantFilter();
  // The whole list names the family's participants for the filter; the rows shown are the
  // server's answer for the one chosen (the same list, and request, when it is everyone).
  const { data: everyone } = useEnrolledClasses(user?.email);
  const { data: enrolled, error } = useEnrolledClasses(user?.email, participantId);
  const cancelEnrolment = useCancelEnrolment(user?.email);
  const notify = useNotify();
  const [cancelling, setCancelling] = useState(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  // The enrolment being moved to another class, while its dialog is open.
  const [moving, setMoving] = useState(null);
  // The enrolment whose answers to the school's questions are open.
  const [answering, setAnswering] = useState(null);
  // The cancelled (or moved) card leaves with its button; focus goes back to the top of the page, once the
  // dialog has closed (closing hands focus back to the button that opened it).
  const headingRef = useRef(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    headingRef.current?.focus();
  }, [refocus]);

  function closeDialog() {
    if (busy) return;
    setCancelling(null);
    setFailure("");
  }

  // `choice`: where the refund goes and the refund the family was shown ({refundTo, refundAmount}).
  async function confirmCancel(choice) {
    setBusy(true);
    setFailure("");
    try {
      const answer = await cancelEnrolment(cancelling.enrolmentId, choice);
      setCancelling(null);
      notify(answer?.message || t`${cancelling.nameClass} is cancelled.`);
      setRefocus(true);
    } catch (cancelError) {
      setFailure(cancelError.message);
    } finally {
      setBusy(false);
    }
  }

  // The seat is in its new class now: the list shows it there.
  function moved(answer) {
    notify(answer?.message || t`${moving.nameClass} is moved.`);
    setMoving(null);
    setRefocus(true);
  }

  return (
    <section aria-labelledby="my-enrolled-classes-heading">
      <h1 id="my-enrolled-classes-heading" className="h2 mb-4" ref={headingRef} tabIndex={-1}>
        {t`My Enrolled Classes`}
      </h1>
      <ParticipantFilter
        everyone={everyone}
        shown={enrolled}
        participantId={participantId}
        onChange={chooseParticipant}
      />
      <QueryResult
        data={enrolled}
        error={error}
        loadingLabel={t`Loading your enrolled classes…`}
        errorTitle={t`Your enrolled classes could not be loaded.`}
        emptyMessage={
          participantId ? (
            t`No enrolled classes for this participant.`
          ) : (
            <>
              {t`You are not enrolled in any classes yet.`}{" "}
              <Link to={paths.dashboard.mySelectedClasses}>{t`Pay for a selected class`}</Link>
            </>
          )
        }
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={enrolmentKey}
            renderItem={(enrolledClass) => (
              <EnrolledClassCard
                enrolledClass={enrolledClass}
                onCancel={setCancelling}
                onMove={setMoving}
                onAnswers={setAnswering}
              />
            )}
          />
        )}
      </QueryResult>
      <div className="mt-5">
        <CalendarFeed />
      </div>
      {cancelling && (
        <CancelEnrolmentDialog
          enrolment={cancelling}
          busy={busy}
          failure={failure}
          onConfirm={confirmCancel}
          onClose={closeDialog}
        />
      )}
      {answering && (
        <Suspense fallback={null}>
          <EnrolmentAnswersDialog enrolment={answering} onClose={() => setAnswering(null)} />
        </Suspense>
      )}
      {moving && (
        <TransferEnrolmentDialog
          enrolment={moving}
          onMoved={moved}
          onClose={() => setMoving(null)}
        />
      )}
    </section>
  );
}
