import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { t } from "ttag";

import { useAcceptOffer } from "../../../api/waitlist";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { paths } from "../../../config/paths";
import { useAuth } from "../../../lib/auth";
import {
  classNameOf,
  familyPlaceWords,
  personName,
  seatWords,
  waitlistPlaceWords,
  whyNotFirstWords,
  wishWords,
} from "./lotteryWords";

// A seat still to be paid: accepting a held one makes it a selection; an accepted one is one.
const TO_PAY = new Set(["held", "accepted"]);

function ChildResult({ child, name, classesById, payBy }) {
  const headingId = `draw-result-${child.participantId}`;
  const why = whyNotFirstWords(child.whyNotFirst);
  const seat = seatWords(child.seat, payBy);
  return (
    <article className="card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h5">
          {name}
        </h3>
        {child.classId != null ? (
          <p className="mb-1">
            <span className="fw-semibold">{classNameOf(classesById, child.classId)}</span>
            {" · "}
            {wishWords(child.rank)}
          </p>
        ) : (
          <p className="mb-1 fw-semibold">{t`No place this time.`}</p>
        )}
        {why && <p className="mb-1">{why}</p>}
        {seat && (
          <p className={`mb-1${child.seat === "lapsed" ? " text-danger-emphasis" : ""}`}>{seat}</p>
        )}
        {child.waitlisted.length > 0 && (
          <ul className="mb-0 mt-2" aria-label={t`Waitlists for ${name}`}>
            {child.waitlisted.map((place) => (
              <li key={place.classId}>
                {waitlistPlaceWords(place.position, classNameOf(classesById, place.classId))}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/*
 * What the draw gave the family: its place, then for each child the class and at which wish
 * (or none), why not the first, the seat's standing and the waitlists they are on. While a seat
 * is held or accepted, Accept and pay accepts every held one (each a waitlist entry's offer)
 * and goes to My Selected Classes, where the family pays them together.
 */
export function DrawResult({ result, people, classesById, onChanged }) {
  const { user } = useAuth();
  const acceptOffer = useAcceptOffer(user?.email);
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState("");
  const nameOf = (id) => {
    const person = people.find((candidate) => candidate._id === id);
    return person ? personName(person) : t`A child of your family`;
  };
  const toPay = result.children.filter((child) => child.offerId != null && TO_PAY.has(child.seat));

  async function acceptAndPay() {
    setAccepting(true);
    setFailure("");
    try {
      // One at a time: a refusal (an offer lapsed meanwhile) stops before the next.
      for (const child of toPay) {
        if (child.seat === "held") await acceptOffer(child.offerId);
      }
    } catch (acceptError) {
      setFailure(acceptError.message);
      setAccepting(false);
      // What was accepted before the refusal, and what lapsed, show as the server now says.
      onChanged?.();
      return;
    }
    navigate(paths.dashboard.mySelectedClasses);
  }

  return (
    <section aria-labelledby="draw-result-heading" className="mb-5">
      <h2 id="draw-result-heading" className="h4">
        {t`The draw's result`}
      </h2>
      <p className="lead">{familyPlaceWords(result.place, result.families)}</p>
      {result.children.map((child) => (
        <ChildResult
          key={child.participantId}
          child={child}
          name={nameOf(child.participantId)}
          classesById={classesById}
          payBy={result.payBy}
        />
      ))}
      {toPay.length > 0 && (
        <>
          <DismissibleAlert message={failure} onClose={() => setFailure("")} />
          <p className="mb-2">
            {t`Accept the seats held for your family, then pay for them together on My Selected Classes.`}
          </p>
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={accepting}
            onClick={() => {
              if (!accepting) acceptAndPay();
            }}
          >
            {accepting ? t`Accepting…` : t`Accept and pay`}
          </button>
        </>
      )}
    </section>
  );
}
