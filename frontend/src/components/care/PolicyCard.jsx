import { useId, useState } from "react";
import { t } from "ttag";

import { SCHOOL_LANGUAGE } from "../../lib/language";
import { PlainText } from "../ui/PlainText";
import { formatSchoolDay } from "./careDates";
import { inSentence } from "./missingItems";

function inWords(names) {
  if (names.length <= 1) return names.join("");
  const allButLast = names.slice(0, -1).join(", ");
  const last = names[names.length - 1];
  return t`${allButLast} and ${last}`;
}

function acceptedLine(acceptance) {
  const day = formatSchoolDay(acceptance.acceptedAt);
  return t`Accepted by ${acceptance.signedName} on ${day}`;
}

/*
 * One school policy: its title and version, its text on request, and for the family what they
 * accepted of it and for whom it is still due (GET /policies `due`); the family accepts every
 * policy due at once, with one signature (PoliciesSignForm). A per-child policy is accepted for
 * each child; `whomOf(participantId)` names the child ("Mia", or "you" for the account holder).
 */
export function PolicyCard({ policy, whomOf, headingLevel = 3 }) {
  const titleId = useId();
  const textId = useId();
  const [reading, setReading] = useState(false);
  const Heading = `h${headingLevel}`;
  const accepted = policy.accepted
    .filter((acceptance) => !policy.due.includes(acceptance.participantId))
    .map((acceptance) => ({
      ...acceptance,
      whom: acceptance.participantId === null ? null : whomOf(acceptance.participantId),
    }));
  const dueFor = policy.due.filter((participantId) => participantId !== null).map(whomOf);
  const named = inSentence(policy.title);
  const dueForWords = inWords(dueFor);

  return (
    <section className="card shadow-sm" aria-labelledby={titleId}>
      <div className="card-body">
        <Heading id={titleId} className="h5 mb-1" lang={SCHOOL_LANGUAGE}>
          {policy.title}
        </Heading>
        <p className="small text-body-secondary mb-2">{t`Version ${policy.version}`}</p>
        <button
          type="button"
          className="btn btn-link p-0 mb-2"
          aria-expanded={reading}
          aria-controls={textId}
          onClick={() => setReading((open) => !open)}
        >
          {reading ? t`Hide the ${named}` : t`Read the ${named}`}
        </button>
        <div id={textId} hidden={!reading}>
          <PlainText
            text={policy.text}
            lang={SCHOOL_LANGUAGE}
            className="border-start ps-3 mb-3 text-break"
          />
        </div>
        {accepted.length > 0 && (
          <ul className="list-unstyled mb-2">
            {accepted.map((acceptance) => (
              <li
                key={`${acceptance.participantId ?? "family"} ${acceptance.acceptedAt}`}
                className="mb-1"
              >
                {policy.perChild && acceptance.participantId !== null && (
                  <span className="fw-semibold d-block">{t`For ${acceptance.whom}`}</span>
                )}
                <span className="text-success-emphasis">{acceptedLine(acceptance)}</span>
              </li>
            ))}
          </ul>
        )}
        {policy.due.length > 0 && (
          <p className="fw-semibold mb-0">
            {dueFor.length > 0 ? t`Still to accept for ${dueForWords}` : t`Still to accept`}
          </p>
        )}
      </div>
    </section>
  );
}
