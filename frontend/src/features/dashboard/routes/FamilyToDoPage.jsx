import { Link } from "react-router-dom";

import { useToDo } from "../../../api/todo";
import { inSentence, missingInWords } from "../../../components/care/missingItems";
import { formatPrice } from "../../../components/ui/formatPrice";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatDate, formatDateTime } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";

function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

function listed(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function careTask(item) {
  const whose = possessive(item.participantName);
  if (item.missing.includes("record")) return `Fill in ${whose} care record`;
  if (item.missing.length === 1 && item.missing[0] === "confirmation") {
    return `Check ${whose} care record is still correct`;
  }
  return `Complete ${whose} care record`;
}

/*
 * Each kind of thing to do in the family's words: what to do (the link's name, leading to the
 * page that does it), and a line of what else to know (whom it is for, by when).
 */
const KINDS = {
  waitlistOffer: (item) => ({
    task: `Take the seat offered in ${item.className}`,
    details: `For ${item.participantName}. The offer lapses ${formatDateTime(item.dueAt)}.`,
    to: `${paths.dashboard.waitlist}#offer-${item.waitlistEntryId}`,
  }),
  balance: (item) => ({
    task: `Pay ${formatPrice(item.amount)} due for ${item.className}`,
    details: `For ${item.participantName}. Due since ${formatDate(item.dueAt)}.`,
    to: `${paths.dashboard.balance(item.enrolmentId)}?pay=due`,
  }),
  careRecord: (item) => ({
    task: careTask(item),
    details: [
      `Still needed: ${listed(item.missing.map((missing) => missingInWords(missing, { whose: possessive(item.participantName) })))}.`,
      item.dueAt && `Before the first class, ${formatDateTime(item.dueAt)}.`,
    ]
      .filter(Boolean)
      .join(" "),
    to: paths.dashboard.careRecord(item.participantId),
  }),
  careTakenByPhone: (item) => ({
    task: `Check and confirm ${possessive(item.participantName)} care record, taken by phone by the office`,
    details: [
      item.takenAt && `Taken on ${formatDate(item.takenAt)}.`,
      item.dueAt && `Before the first class, ${formatDateTime(item.dueAt)}.`,
    ]
      .filter(Boolean)
      .join(" "),
    to: paths.dashboard.careRecord(item.participantId),
  }),
  policy: (item) => ({
    task: `Accept the ${inSentence(item.policyTitle)}`,
    details: [
      item.childrenNames.length > 0 ? `For ${listed(item.childrenNames)}.` : "For your family.",
      item.dueAt && `Before the first class, ${formatDateTime(item.dueAt)}.`,
    ]
      .filter(Boolean)
      .join(" "),
    to: `${paths.dashboard.family}#school-policies`,
  }),
  classMessages: (item) => ({
    task:
      item.count === 1
        ? `Read a new message from ${item.className}`
        : `Read ${item.count} new messages from ${item.className}`,
    details: `Latest: ${item.subject}`,
    to: `${paths.classPage(item.classId)}#class-messages`,
  }),
};

// One of each kind per offer, seat, person, policy or class.
function keyOf(item) {
  const id =
    item.waitlistEntryId ?? item.enrolmentId ?? item.participantId ?? item.policyId ?? item.classId;
  return `${item.kind}-${id}`;
}

function ToDoItem({ item }) {
  const { task, details, to } = KINDS[item.kind](item);
  return (
    <li className="list-group-item list-group-item-action p-0">
      <Link className="d-block px-3 py-2 text-decoration-none text-body" to={to}>
        <span className="d-block fw-semibold text-primary-emphasis text-break">{task}</span>
        <span className="d-block small text-body-secondary text-break">{details}</span>
      </Link>
    </li>
  );
}

/*
 * /dashboard for a family: everything it has to do, from every part of the school, in the order
 * to do it (the server's: the soonest deadline first, unread messages last), each one link away
 * from the page that does it.
 */
export function FamilyToDoPage() {
  useTitle("To Do");
  const { data: items, error } = useToDo();
  return (
    <section aria-labelledby="todo-heading">
      <h1 id="todo-heading" className="h2 mb-4">
        To Do
      </h1>
      <QueryResult
        data={items?.filter((item) => KINDS[item.kind])}
        error={error}
        loadingLabel="Loading what you have to do…"
        errorTitle="Your to-do list could not be loaded."
        emptyMessage="Nothing to do. You are all set."
      >
        {(list) => (
          <ol className="list-group list-unstyled" aria-label="Things to do, the most urgent first">
            {list.map((item) => (
              <ToDoItem key={keyOf(item)} item={item} />
            ))}
          </ol>
        )}
      </QueryResult>
    </section>
  );
}
