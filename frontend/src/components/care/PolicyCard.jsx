import { useId, useState } from "react";

import { PlainText } from "../ui/PlainText";
import { formatSchoolDay } from "./careDates";
import { inSentence } from "./missingItems";
import { PolicySignForm } from "./PolicySignForm";

function acceptedLine(acceptance) {
  return `Accepted by ${acceptance.signedName} on ${formatSchoolDay(acceptance.acceptedAt)}`;
}

/*
 * One school policy: its title and version, its text on request, and for the family what they
 * accepted of it and a form for each acceptance still due (GET /policies `due`). A per-child
 * policy is accepted for each child; `whomOf(participantId)` names the child ("Mia", or "you"
 * for the account holder). With `only` (a participant id) the card shows only what is due for
 * that child (or for the family, of a family policy), as checkout asks. `onAccepted(acceptance)`
 * hears of each acceptance.
 */
export function PolicyCard({ policy, whomOf, only, headingLevel = 3, onAccepted }) {
  const titleId = useId();
  const textId = useId();
  const [reading, setReading] = useState(false);
  const Heading = `h${headingLevel}`;
  const shown = (participantId) =>
    only === undefined || participantId === null || participantId === only;
  const due = policy.due.filter(shown);
  const accepted =
    only === undefined
      ? policy.accepted.filter((acceptance) => !policy.due.includes(acceptance.participantId))
      : [];
  const named = inSentence(policy.title);

  return (
    <section className="card shadow-sm" aria-labelledby={titleId}>
      <div className="card-body">
        <Heading id={titleId} className="h5 mb-1">
          {policy.title}
        </Heading>
        <p className="small text-body-secondary mb-2">Version {policy.version}</p>
        <button
          type="button"
          className="btn btn-link p-0 mb-2"
          aria-expanded={reading}
          aria-controls={textId}
          onClick={() => setReading((open) => !open)}
        >
          {reading ? `Hide the ${named}` : `Read the ${named}`}
        </button>
        <div id={textId} hidden={!reading}>
          <PlainText text={policy.text} className="border-start ps-3 mb-3 text-break" />
        </div>
        {accepted.length > 0 && (
          <ul className="list-unstyled mb-2">
            {accepted.map((acceptance) => (
              <li
                key={`${acceptance.participantId ?? "family"} ${acceptance.acceptedAt}`}
                className="mb-1"
              >
                {policy.perChild && acceptance.participantId !== null && (
                  <span className="fw-semibold d-block">
                    For {whomOf(acceptance.participantId)}
                  </span>
                )}
                <span className="text-success-emphasis">{acceptedLine(acceptance)}</span>
              </li>
            ))}
          </ul>
        )}
        {due.map((participantId) => (
          <PolicySignForm
            key={participantId ?? "family"}
            policy={policy}
            participantId={participantId}
            whom={participantId === null ? undefined : whomOf(participantId)}
            onAccepted={onAccepted}
          />
        ))}
      </div>
    </section>
  );
}
