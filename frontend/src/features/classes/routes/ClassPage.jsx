import { Suspense, lazy, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { classCalendarUrl, useClass } from "../../../api/classes";
import { seasonOf } from "../../../api/seasons";
import { useClassMessages } from "../../../api/classMessages";
import { isSoldByUnit } from "../../../components/cards/byUnit";
import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ClassStatusBadge } from "../../../components/cards/ClassStatusBadge";
import { LotteryNotice } from "../../../components/cards/LotteryNotice";
import { RegistrationCountdown } from "../../../components/cards/RegistrationCountdown";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import {
  TO_BE_ANNOUNCED,
  formatDate,
  formatDateTime,
  formatMeeting,
  formatScheduleSummary,
} from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { classWatched } from "../../../lib/watchedClasses";
import { BookUnitsPanel } from "../components/BookUnitsPanel";
import { ForWhomDialog } from "../components/ForWhomDialog";
import { LoginRequiredDialog } from "../components/LoginRequiredDialog";
import { SelectButton } from "../components/SelectButton";
import { SelectNotice } from "../components/SelectNotice";
import { SimilarClasses } from "../components/SimilarClasses";
import { WhoCanTake } from "../components/WhoCanTake";
import { LABELS, waitlistChoices } from "../components/selectRules";
import { SELECT_FAILURE_ID, useClassSelection } from "../hooks/useClassSelection";
import { Picture } from "../../../components/ui/Picture";
import { PICTURE_SIZES } from "../../../components/ui/pictureSources";

// Only the class's families (and its staff) have messages to read: drawn by a chunk of its own,
// fetched once the answer says there are some.
const ClassMessages = lazy(() =>
  import(/* webpackChunkName: "class-messages" */ "../components/ClassMessages").then((module) => ({
    default: module.ClassMessages,
  })),
);

// The pieces made in the class that the gallery shows, below the page's first screen: in the
// gallery page's chunk, which the page does not wait for (its first render has no bytes to spare).
const ClassGallery = lazy(
  () => import(/* webpackChunkName: "gallery" */ "../components/ClassGallery"),
);

// The description is plain text; a blank line starts a new paragraph.
function paragraphsOf(description) {
  return (description ?? "")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

// When registration closes; once it has, the button says so (selectAvailability).
function registrationNote(classItem) {
  if (classItem.ended) return "";
  if (classItem.registrationOpen !== false && classItem.registrationClosesAt) {
    const closesAt = formatDateTime(classItem.registrationClosesAt);
    return t`Registration closes ${closesAt}.`;
  }
  return "";
}

function ClassNotFound() {
  return (
    <section className="container py-5 text-center" aria-labelledby="class-not-found-heading">
      <h1 id="class-not-found-heading" className="mb-3">
        {t`Class not found`}
      </h1>
      <p className="text-body-secondary mb-4">
        {t`This class does not exist, or it is not open to the public.`}
      </p>
      <Link className="btn btn-primary" to={paths.classes}>
        {t`Back to All Classes`}
      </Link>
    </section>
  );
}

/*
 * A visitor who followed a message's link from their e-mail (`#class-messages`) is asked to sign
 * in to read it; login brings them back here.
 */
function SignInForMessages() {
  const location = useLocation();
  if (location.hash !== "#class-messages") return null;
  const signIn = (
    <Link key="sign-in" to={paths.login} state={{ from: location }}>
      {t`Sign in`}
    </Link>
  );
  return (
    <p id="class-messages" className="alert alert-info mt-4 mb-0">
      {jt`${signIn} to read the messages to this class's families.`}
    </p>
  );
}

/*
 * What stands where Select does on the page of a class that has ended: nobody can take it any
 * more, and the page says so rather than offering a button that cannot be pressed.
 */
function EndedNote() {
  return (
    <p className="alert alert-secondary fw-semibold mt-3 mb-0" role="status">
      {t`This class has ended.`}
    </p>
  );
}

function ClassDetails({ classItem }) {
  const { user, loading } = useAuth();
  // Asked for a signed-in reader only; a 404 (not one of the class's families) shows nothing.
  const { data: messages } = useClassMessages(classItem._id, { enabled: Boolean(user) });
  const { ended } = classItem;
  // Sold by the week or the day: its units are booked in its panel, not Selected.
  const byUnit = isSoldByUnit(classItem);
  // A class that has ended is nobody's to take: nobody is asked who could; a class sold by
  // unit is asked about unit by unit, in its panel.
  const knownClasses = useMemo(
    () => (ended || byUnit ? [] : [classItem]),
    [classItem, ended, byUnit],
  );
  const {
    availabilityOf,
    seasons,
    family,
    select,
    joinWaitlist,
    notices,
    failure,
    dismissFailure,
  } = useClassSelection(knownClasses);
  const [askingToLogIn, setAskingToLogIn] = useState(false);
  // "select" or "waitlist": what the family pressed, while they are asked for whom.
  const [askingForWhom, setAskingForWhom] = useState(null);
  const { disabled, waitlist, label, reason, choices, listChoices, opens } =
    availabilityOf(classItem);
  // Kept for the opening morning's line, which tells the family if a class it looked at is full.
  useEffect(() => {
    classWatched(classItem._id);
  }, [classItem._id]);
  const paragraphs = paragraphsOf(classItem.description);
  const meetings = classItem.meetings ?? [];
  const noMeetingDates = (classItem.noMeetingDates ?? []).map(formatDate).join("; ");
  const registration = registrationNote(classItem);
  const statusBadge = <ClassStatusBadge key="status" status={classItem.status} />;

  function handleSelect() {
    if (!user) setAskingToLogIn(true);
    else if (family) setAskingForWhom(waitlist ? "waitlist" : "select");
    else if (waitlist) joinWaitlist(classItem);
    else select(classItem);
  }

  return (
    <article className="container py-5" aria-labelledby="class-heading">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-7">
          <Picture
            src={classItem.image}
            alt={classItem.nameClass}
            category={classItem.categoryName}
            width={800}
            height={600}
            fluid
            // The page's largest picture, in view on arrival.
            priority="high"
            sizes={PICTURE_SIZES.classPage}
            className="rounded-3 shadow-sm"
          />
        </div>
        <div className="col-lg-5">
          {classItem.categoryName && (
            <p className="small text-uppercase fw-semibold text-body-secondary mb-1">
              {classItem.categoryName}
            </p>
          )}
          <h1 id="class-heading" className="mb-3">
            {classItem.nameClass}
          </h1>
          {classItem.status !== "Approved" && <p>{jt`Review status: ${statusBadge}`}</p>}
          <p className="lead">{formatScheduleSummary(classItem)}</p>
          <ClassFacts classItem={classItem} facts={CLASS_FACTS.page} className="class-facts mb-4" />
          {!ended && <LotteryNotice season={seasonOf(seasons, classItem)} className="mb-3" />}
          <DismissibleAlert message={failure} onClose={dismissFailure} id={SELECT_FAILURE_ID} />
          <SelectNotice classId={classItem._id} notice={notices[classItem._id]} />
          <div id="class-select-notes">
            <RegistrationCountdown opens={opens} />
            {registration && <p className="mb-2">{registration}</p>}
            {reason && !byUnit && (
              <p
                className={`fw-semibold mb-2 ${reason === LABELS.soldOut ? "text-danger-emphasis" : ""}`}
              >
                {reason}
              </p>
            )}
            {listChoices && !byUnit && <WhoCanTake choices={choices} className="mb-2" />}
          </div>
          {ended ? (
            <EndedNote />
          ) : byUnit ? (
            <BookUnitsPanel classItem={classItem} />
          ) : (
            <div className="d-flex flex-wrap gap-2 mt-3">
              <SelectButton
                className="btn btn-primary btn-lg"
                off={disabled}
                describedBy="class-select-notes"
                onPress={handleSelect}
              >
                {label}
              </SelectButton>
              {meetings.length > 0 && (
                <a
                  className="btn btn-outline-primary btn-lg"
                  href={classCalendarUrl(classItem._id)}
                  download={`${classItem.nameClass}.ics`}
                >
                  {t`Add to calendar`}
                </a>
              )}
            </div>
          )}
        </div>
      </div>
      <div className="row g-4 g-lg-5 mt-0">
        <section className="col-lg-7" aria-labelledby="class-about-heading">
          <h2 id="class-about-heading" className="h4">
            {t`About this class`}
          </h2>
          {paragraphs.length > 0 ? (
            paragraphs.map((paragraph, index) => (
              // Line breaks inside a paragraph are the instructor's own (a list, an address).
              <p key={index} style={{ whiteSpace: "pre-line" }}>
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-body-secondary">
              {t`The instructor has not described this class yet.`}
            </p>
          )}
        </section>
        <section className="col-lg-5" aria-labelledby="class-schedule-heading">
          <h2 id="class-schedule-heading" className="h4">
            {t`Schedule`}
          </h2>
          {meetings.length === 0 ? (
            <p className="text-body-secondary">{TO_BE_ANNOUNCED}</p>
          ) : (
            <>
              <ol className="list-group list-group-numbered mb-3">
                {meetings.map((meeting) => (
                  <li className="list-group-item" key={meeting.start}>
                    {formatMeeting(meeting)}
                  </li>
                ))}
              </ol>
              {classItem.noMeetingDates?.length > 0 && (
                <p className="text-body-secondary">{t`No class on ${noMeetingDates}.`}</p>
              )}
            </>
          )}
        </section>
      </div>
      {ended && <SimilarClasses classes={classItem.similarClasses ?? []} />}
      <Suspense fallback={null}>
        <ClassGallery classId={classItem._id} />
        {messages?.length > 0 && <ClassMessages messages={messages} />}
      </Suspense>
      {!user && !loading && <SignInForMessages />}
      {askingToLogIn && (
        <LoginRequiredDialog classItem={classItem} onClose={() => setAskingToLogIn(false)} />
      )}
      {askingForWhom && family && (
        <ForWhomDialog
          classItem={classItem}
          title={
            askingForWhom === "waitlist"
              ? t`Who is joining the waitlist for ${classItem.nameClass}?`
              : undefined
          }
          choices={askingForWhom === "waitlist" ? waitlistChoices(choices) : choices}
          onChoose={(participant) => {
            const joining = askingForWhom === "waitlist";
            setAskingForWhom(null);
            if (joining) joinWaitlist(classItem, participant);
            else select(classItem, participant);
          }}
          onClose={() => setAskingForWhom(null)}
        />
      )}
    </article>
  );
}

// /classes/:id: everything about one class, and Select under the same rules as the cards.
export function ClassPage() {
  const { id } = useParams();
  const { classItem, error } = useClass(id);
  const notFound = !classItem && error?.status === 404;
  useTitle(classItem?.nameClass ?? (notFound ? t`Class not found` : t`Class`));
  if (classItem) return <ClassDetails classItem={classItem} />;
  if (notFound) return <ClassNotFound />;
  if (error) {
    return (
      <div className="container py-5">
        <ErrorAlert title={t`The class could not be loaded.`} error={error} />
      </div>
    );
  }
  return <Loading label={t`Loading the class…`} />;
}
