import { Suspense, lazy, useId, useState } from "react";
import { t } from "ttag";

import { useParticipantsOrNone } from "../../../api/participants";
import { useAuth } from "../../../lib/auth";
import { LoginRequiredDialog } from "./LoginRequiredDialog";
import { UnitFacts } from "./UnitFacts";
import { bookingTitle } from "./unitFacts";

// Only a signed-in family books: the form, and the form libraries with it, load for them alone.
const BookUnitsForm = lazy(() =>
  import(/* webpackChunkName: "book-units" */ "./BookUnitsForm").then((module) => ({
    default: module.BookUnitsForm,
  })),
);

const STAFF_CANNOT_BOOK = {
  admin: t`Admins cannot book classes.`,
  instructor: t`Instructors cannot book classes.`,
};

const LOADING = <p className="text-body-secondary mb-0">{t`Loading…`}</p>;

// The units as a list to read, for whoever cannot book here (a visitor, the school's staff).
function UnitList({ classItem }) {
  const idBase = useId();
  return (
    <ul className="list-unstyled d-grid gap-2 mb-3">
      {(classItem.units ?? []).map((unit) => (
        <li key={unit.id}>
          <span className="fw-semibold">{unit.label}</span>
          <UnitFacts id={`${idBase}-${unit.id}`} unit={unit} />
        </li>
      ))}
    </ul>
  );
}

/*
 * Where a class sold by the week or the day is booked, instead of Select: for each child coming,
 * the units to book (each with its price and the seats left; a full one off) and, on each, the
 * season's before- or after-care; the running total as the checkout prices it; and Check out,
 * which opens one checkout of them all (one item for each child) and goes to its page. A visitor
 * reads the units and is asked to sign in; the school's staff read them.
 */
export function BookUnitsPanel({ classItem }) {
  const headingId = useId();
  const { user, role, loading } = useAuth();
  const student = Boolean(user) && role === "student";
  const { participants } = useParticipantsOrNone(student);
  const [askingToLogIn, setAskingToLogIn] = useState(false);

  let body;
  if (loading || (student && !participants)) {
    body = LOADING;
  } else if (student && participants.length > 0) {
    body = (
      <Suspense fallback={LOADING}>
        <BookUnitsForm classItem={classItem} participants={participants} />
      </Suspense>
    );
  } else if (student) {
    body = (
      <p className="text-danger-emphasis mb-0" role="alert">
        {t`Your family could not be loaded. Please reload the page to book.`}
      </p>
    );
  } else if (!user) {
    body = (
      <>
        <UnitList classItem={classItem} />
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => setAskingToLogIn(true)}
        >
          {t`Sign in to book`}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <UnitList classItem={classItem} />
        <p className="text-body-secondary mb-0">{STAFF_CANNOT_BOOK[role] ?? ""}</p>
      </>
    );
  }

  return (
    <section className="card shadow-sm mt-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h4 card-title">
          {bookingTitle(classItem)}
        </h2>
        {body}
      </div>
      {askingToLogIn && (
        <LoginRequiredDialog classItem={classItem} onClose={() => setAskingToLogIn(false)} />
      )}
    </section>
  );
}
