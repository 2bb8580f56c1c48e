import { Link } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { useToDo } from "../../../api/todo";
import { inSentence, missingInWords } from "../../../components/care/missingItems";
import { formatPrice } from "../../../components/ui/formatPrice";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatDate, formatDateTime } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";

// "Mia's", "James'": each language says whose a record is in its own way.
function possessive(name) {
  return name.endsWith("s") ? t`${name}'` : t`${name}'s`;
}

function listed(names) {
  if (names.length <= 1) return names.join("");
  const others = names.slice(0, -1).join(", ");
  const last = names[names.length - 1];
  return t`${others} and ${last}`;
}

function careTask(item) {
  const whose = possessive(item.participantName);
  if (item.missing.includes("record")) return t`Fill in ${whose} care record`;
  if (item.missing.length === 1 && item.missing[0] === "confirmation") {
    return t`Check ${whose} care record is still correct`;
  }
  return t`Complete ${whose} care record`;
}

function beforeFirstClass(item) {
  if (!item.dueAt) return null;
  const due = formatDateTime(item.dueAt);
  return t`Before the first class, ${due}.`;
}

function takenOn(item) {
  if (!item.takenAt) return null;
  const taken = formatDate(item.takenAt);
  return t`Taken on ${taken}.`;
}

/*
 * Each kind of thing to do in the family's words: what to do (the link's name, leading to the
 * page that does it), and a line of what else to know (whom it is for, by when).
 */
const KINDS = {
  waitlistOffer: (item) => {
    const lapses = formatDateTime(item.dueAt);
    return {
      task: t`Take the seat offered in ${item.className}`,
      details: t`For ${item.participantName}. The offer lapses ${lapses}.`,
      to: `${paths.dashboard.waitlist}#offer-${item.waitlistEntryId}`,
    };
  },
  balance: (item) => {
    const amount = formatPrice(item.amount);
    const dueSince = formatDate(item.dueAt);
    return {
      task: t`Pay ${amount} due for ${item.className}`,
      details: t`For ${item.participantName}. Due since ${dueSince}.`,
      to: `${paths.dashboard.balance(item.enrolmentId)}?pay=due`,
    };
  },
  careRecord: (item) => {
    const whose = possessive(item.participantName);
    const needed = listed(item.missing.map((missing) => missingInWords(missing, { whose })));
    return {
      task: careTask(item),
      details: [t`Still needed: ${needed}.`, beforeFirstClass(item)].filter(Boolean).join(" "),
      to: paths.dashboard.careRecord(item.participantId),
    };
  },
  careTakenByPhone: (item) => {
    const whose = possessive(item.participantName);
    return {
      task: t`Check and confirm ${whose} care record, taken by phone by the office`,
      details: [takenOn(item), beforeFirstClass(item)].filter(Boolean).join(" "),
      to: paths.dashboard.careRecord(item.participantId),
    };
  },
  policy: (item) => {
    const policy = inSentence(item.policyTitle);
    const children = listed(item.childrenNames);
    return {
      task: t`Accept the ${policy}`,
      details: [
        item.childrenNames.length > 0 ? t`For ${children}.` : t`For your family.`,
        beforeFirstClass(item),
      ]
        .filter(Boolean)
        .join(" "),
      to: `${paths.dashboard.family}#school-policies`,
    };
  },
  classMessages: (item) => ({
    // One message reads "a new message"; ngettext counts the rest by the language's rules.
    task:
      item.count === 1
        ? t`Read a new message from ${item.className}`
        : ngettext(
            msgid`Read ${item.count} new message from ${item.className}`,
            `Read ${item.count} new messages from ${item.className}`,
            item.count,
          ),
    details: t`Latest: ${item.subject}`,
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
  useTitle(t`To Do`);
  const { data: items, error } = useToDo();
  return (
    <section aria-labelledby="todo-heading">
      <h1 id="todo-heading" className="h2 mb-4">
        {t`To Do`}
      </h1>
      <QueryResult
        data={items?.filter((item) => KINDS[item.kind])}
        error={error}
        loadingLabel={t`Loading what you have to do…`}
        errorTitle={t`Your to-do list could not be loaded.`}
        emptyMessage={t`Nothing to do. You are all set.`}
      >
        {(list) => (
          <ol
            className="list-group list-unstyled"
            aria-label={t`Things to do, the most urgent first`}
          >
            {list.map((item) => (
              <ToDoItem key={keyOf(item)} item={item} />
            ))}
          </ol>
        )}
      </QueryResult>
    </section>
  );
}
