import { CareFlags } from "../../../components/care/CareFlags";
import { formatLocalTime } from "../../../components/ui/localTime";
import { ActionPlan } from "./ActionPlan";
import { actionsFor, handOverTo } from "./attendanceLine";
import { DayPlan } from "./DayPlan";

const STATUS_WORDS = {
  expected: "Expected",
  present: "Here",
  absent: "Absent",
  left: "Gone home",
};

// Theme-aware Bootstrap colours, each class written out whole (the build keeps only those named).
const STATUS_TONE = {
  expected: "bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle",
  present: "text-bg-success",
  absent: "text-bg-secondary",
  left: "text-bg-primary",
};

// Who took the child: left alone, handed over to their class or extended care, or collected.
function collectedWords({ kind, name }) {
  if (kind === "alone") return "Left alone";
  if (kind === "handover") return `Handed over to ${name}`;
  return `Collected by ${name}`;
}

// "Arrived 9:05 AM (late)", "Left 11:40 AM (early)", "Collected by Ana Lopez".
function Times({ line }) {
  const facts = [];
  if (line.checkedInAt) {
    facts.push(`Arrived ${formatLocalTime(line.checkedInAt)}${line.late ? " (late)" : ""}`);
  }
  if (line.checkedOutAt) {
    facts.push(`Left ${formatLocalTime(line.checkedOutAt)}${line.early ? " (early)" : ""}`);
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
  const button = (label, onClick, tone) => (
    <button type="button" className={`btn ${tone}`} onClick={onClick}>
      {label}
      <span className="visually-hidden"> {line.name}</span>
    </button>
  );
  return (
    <li className="card attendance-child" aria-labelledby={headingId}>
      <div className="card-body p-3">
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
          <h3 id={headingId} className="h5 mb-0">
            {line.name}
          </h3>
          <span className={`badge ${STATUS_TONE[line.status]}`}>{STATUS_WORDS[line.status]}</span>
        </div>
        <CareFlags flags={line.flags} label={`Care flags for ${line.name}`} atTheDoor />
        <ActionPlan line={line} />
        <DayPlan line={line} careKind={careKind} />
        <Times line={line} />
        {line.waiting && (
          <p className="small fw-semibold text-warning-emphasis mb-2">Waiting to send</p>
        )}
        {refusal && (
          <p className="small text-danger-emphasis fw-semibold mb-2" role="alert">
            Not recorded: {refusal}
          </p>
        )}
        <div className="attendance-actions">
          {allowed.checkIn && button("Check in", () => onAction("check_in"), "btn-success")}
          {allowed.absent && button("Absent", () => onAction("absent"), "btn-outline-secondary")}
          {handOver &&
            button(
              `Hand over to ${handOver.name}`,
              () =>
                onAction("hand_over", { toMeetingId: handOver.meetingId, toName: handOver.name }),
              "btn-primary",
            )}
          {allowed.checkOut &&
            button("Check out", onCheckOut, handOver ? "btn-outline-primary" : "btn-primary")}
          {!closed && canUndo && button("Undo", () => onAction("undo"), "btn-outline-danger")}
        </div>
      </div>
    </li>
  );
}
