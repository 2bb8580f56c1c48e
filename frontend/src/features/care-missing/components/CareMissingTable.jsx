import { Link } from "react-router-dom";
import { jt, t } from "ttag";

import { missingInShort } from "../../../components/care/missingItems";
import { LongText } from "../../../components/ui/LongText";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { paths } from "../../../config/paths";
import { daysInWords } from "./daysInWords";
import { IDLE, canSend, reminderText } from "./reminders";

const COLUMNS = [t`Class`, t`First meeting`, t`Child`, t`Family`, t`Missing`, t`Reminder`];

function Reminder({ row, state, onRemind }) {
  const text = reminderText(state);
  const child = row.participantName;
  const ofChild = (
    <span key="child" className="visually-hidden">
      {t`of ${child}`}
    </span>
  );
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={!canSend(state)}
        onClick={() => onRemind(row.accountId)}
      >
        {jt`Remind the family ${ofChild}`}
      </button>
      {/* Always in the page, so the answer that fills it is announced. */}
      <p
        role="status"
        className={`small fw-semibold mb-0 ${text ? "mt-1" : ""} ${
          state.step === "failed" ? "text-danger-emphasis" : ""
        }`.trim()}
      >
        {text}
      </p>
    </>
  );
}

/*
 * Each child of an upcoming class whose care record is not complete, soonest class first: the
 * class, when it first meets, the child, the family to ask, what is missing, and the button that
 * e-mails the family. `reminders` holds each family's reminder state, by account.
 */
export function CareMissingTable({ rows, reminders, onRemind }) {
  return (
    <StackedTable
      caption={t`Children of upcoming classes with missing care details, soonest class first`}
      columns={COLUMNS}
      className="table-striped"
    >
      {rows.map((row) => (
        <Row key={`${row.classId}-${row.participantId}`}>
          <Cell label={t`Class`}>
            <Link to={paths.dashboard.classRoster(row.classId)}>
              <LongText text={row.className} />
            </Link>
          </Cell>
          <Cell label={t`First meeting`}>
            {row.firstMeetingAt && (
              <time className="d-block" dateTime={row.firstMeetingAt}>
                {formatLocalDateTime(row.firstMeetingAt)}
              </time>
            )}
            <span className="fw-semibold">{daysInWords(row.daysToFirstMeeting)}</span>
          </Cell>
          <RowHeader label={t`Child`}>
            <LongText text={row.participantName} />
          </RowHeader>
          <Cell label={t`Family`}>
            <LongText as="div" text={row.familyName} />
            <a href={`mailto:${row.familyEmail}`}>
              <LongText text={row.familyEmail} />
            </a>
          </Cell>
          <Cell label={t`Missing`}>
            <ul className="mb-0 ps-3">
              {row.missing.map((item) => (
                <li key={item}>{missingInShort(item)}</li>
              ))}
            </ul>
          </Cell>
          <Cell label={t`Reminder`}>
            <Reminder row={row} state={reminders[row.accountId] ?? IDLE} onRemind={onRemind} />
          </Cell>
        </Row>
      ))}
    </StackedTable>
  );
}
