import { c, t } from "ttag";

import { CareFlags } from "../../../components/care/CareFlags";
import { formatLocalTime } from "../../../components/ui/localTime";
import { ActionPlan } from "./ActionPlan";
import { absentWords, checkInWords, checkOutWords, handOverWords, undoWords } from "./actionWords";
import { actionsFor, handOverTo } from "./attendanceLine";
import { DayPlan } from "./DayPlan";

// Where the child is, in the page's language (said when shown, not as the module loads).
function statusWords(status) {
  // One child not come yet, not the admins' column of them ("Esperados").
  if (status === "expected") return c("one child's day").t`Expected`;
  if (status === "present") return t`Here`;
  if (status === "absent") return absentWords();
  if (status === "left") return t`Gone home`;
  return status;
}

// Theme-aware Bootstrap colours, each class written out whole (the build keeps only those named).
const STATUS_TONE = {
  expected: "bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle",
  present: "text-bg-success",
  absent: "text-bg-secondary",
  left: "text-bg-primary",
};

// Who took the child: left alone, handed over to their class or extended care, or collected.
function collectedWords({ kind, name }) {
  if (kind === "alone") return t`Left alone`;
  if (kind === "handover") return t`Handed over to ${name}`;
  return t`Collected by ${name}`;
}

// "Arrived 9:05 AM (late)", "Left 11:40 AM (early)", "Collected by Ana Lopez".
function Times({ line }) {
  const facts = [];
  if (line.checkedInAt) {
    const time = formatLocalTime(line.checkedInAt);
    facts.push(line.late ? t`Arrived ${time} (late)` : t`Arrived ${time}`);
  }
  if (line.checkedOutAt) {
    const time = formatLocalTime(line.checkedOutAt);
    facts.push(line.early ? t`Left ${time} (early)` : t`Left ${time}`);
  }
  if (line.collectedBy) {
    facts.push(collectedWords(line.collectedBy));
  }
  if (facts.length === 0) return null;
  return <p className="small mb-2">{facts.join(" · ")}</p>;
}

/*
 * One child on today's roster: name, care flags, the rest of their day (extended care, or on a
 * day of care the class they come from), where they are, and the actions that fit.
 * `line` is the server's line with the actions waiting on the device already applied
 * (lineWithQueued); `refusal` the server's reason the last action sent was not recorded.
 */
export function AttendanceRow({ line, careKind, refusal, canUndo, closed, onAction, onCheckOut }) {
  const headingId = `attendance-${line.participantId}-name`;
  const allowed = closed ? {} : actionsFor(line.status);
  const handOver = allowed.checkOut ? handOverTo(line, careKind) : null;
  const name = line.name;
  // Each button's words end with the child's name for a screen reader (actionWords).
  const hiddenName = (
    <span key="name" className="visually-hidden">
      {" "}
      {name}
    </span>
  );
  const button = (label, onClick, tone) => (
    <button type="button" className={`btn ${tone}`} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <li className="card attendance-child" aria-labelledby={headingId}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
          <h3 id={headingId} className="h5 mb-0">
            {line.name}
          </h3>
          <span className={`badge ${STATUS_TONE[line.status]}`}>{statusWords(line.status)}</span>
        </div>
        <CareFlags flags={line.flags} label={t`Care flags for ${name}`} atTheDoor />
        <ActionPlan line={line} />
        <DayPlan line={line} careKind={careKind} />
        <Times line={line} />
        {line.waiting && (
          <p className="small fw-semibold text-warning-emphasis mb-2">{t`Waiting to send`}</p>
        )}
        {refusal && (
          <p className="small text-danger-emphasis fw-semibold mb-2" role="alert">
            {t`Not recorded: ${refusal}`}
          </p>
        )}
        <div className="attendance-actions">
          {allowed.checkIn &&
            button(checkInWords(hiddenName), () => onAction("check_in"), "btn-success")}
          {allowed.absent &&
            button(absentWords(hiddenName), () => onAction("absent"), "btn-outline-secondary")}
          {handOver &&
            button(
              handOverWords(handOver.name, hiddenName),
              () =>
                onAction("hand_over", { toMeetingId: handOver.meetingId, toName: handOver.name }),
              "btn-primary",
            )}
          {allowed.checkOut &&
            button(
              checkOutWords(hiddenName),
              onCheckOut,
              handOver ? "btn-outline-primary" : "btn-primary",
            )}
          {!closed &&
            canUndo &&
            button(undoWords(hiddenName), () => onAction("undo"), "btn-outline-danger")}
        </div>
      </div>
    </li>
  );
}
