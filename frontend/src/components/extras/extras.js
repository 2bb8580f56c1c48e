import * as yup from "yup";
import { t } from "ttag";

import { ApiError } from "../../lib/api";

/*
 * What a checkout item carries beside its class: the class's add-ons (a materials fee, a T-shirt
 * in a size, lunch on each day booked) and the school's questions for the child. The class JSON
 * lists them (`addOns`, `questions`: the class's own, then its season's). An add-on or a question
 * is offered once per child however many of the child's classes list it (a season's own): on the
 * child's first item that does. The form's values are
 *   addOns: {<itemKey>: {a<addOnId>: {on, optionId, quantity, units: [unitId]}}}
 *   answers: {p<participantId>: {q<questionId>: value}}
 * (answers per child, so one answer serves each of the child's classes that asks it), ids as
 * strings. What an add-on costs is the server's quote, never added up here.
 */

export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;

export function addOnKey(id) {
  return `a${id}`;
}

export function questionKey(id) {
  return `q${id}`;
}

export function childKey(participantId) {
  return `p${participantId}`;
}

export function addOnPath(itemKey, addOnId) {
  return `addOns.${itemKey}.${addOnKey(addOnId)}`;
}

export function answerPath(participantId, questionId) {
  return `answers.${childKey(participantId)}.${questionKey(questionId)}`;
}

/*
 * The add-ons and questions each item offers: `items` are {key, participantId, participantName,
 * className, classItem (its JSON, or undefined while it loads), units: [{id, label}] (the units
 * booked, for a class sold by the week or the day)}, in the order the form shows them.
 */
export function planExtras(items) {
  const offered = new Map();
  return items.map((item) => {
    const seen = offered.get(item.participantId) ?? new Set();
    offered.set(item.participantId, seen);
    const take = (kind) => (entry) => {
      const key = `${kind}${entry.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    };
    return {
      ...item,
      addOns: (item.classItem?.addOns ?? []).filter(take("a")),
      questions: (item.classItem?.questions ?? []).filter(take("q")),
    };
  });
}

// A yes/no answer as the form keeps it ("yes", "no", "") and as the API does (true, false).
function asApiValue(question, value) {
  if (value === undefined || value === null) return undefined;
  switch (question.kind) {
    case "yes_no":
      return value === "yes" ? true : value === "no" ? false : undefined;
    case "choices":
      return Array.isArray(value) && value.length > 0 ? value : undefined;
    case "number": {
      const text = String(value).trim();
      return text === "" ? undefined : Number(text);
    }
    default: {
      const text = String(value);
      return text.trim() === "" ? undefined : text;
    }
  }
}

// An answer the API sent, as the form keeps it.
export function asFormValue(question, value) {
  if (value === undefined || value === null) return question.kind === "choices" ? [] : "";
  if (question.kind === "yes_no") return value ? "yes" : "no";
  if (question.kind === "choices") return [].concat(value);
  return String(value);
}

// A follow-up's answer for yes or no, as the school wrote it ("yes", "true"; the API's string).
function meansYes(wanted) {
  if (typeof wanted === "boolean") return wanted;
  return ["yes", "true"].includes(String(wanted).trim().toLowerCase());
}

// Whether the form's answer is the one a follow-up is shown for (as classes/questions.py says).
function answered(question, value, wanted) {
  if (question.kind === "yes_no") return value === (meansYes(wanted) ? "yes" : "no");
  if (question.kind === "choices") return Array.isArray(value) && value.includes(wanted);
  return value !== undefined && String(value) === String(wanted);
}

/*
 * The questions shown, given the answers so far (`answers`: q<id> to the form's value): a
 * follow-up only while the question it follows is shown and has the answer it names.
 */
export function shownQuestions(questions, answers = {}) {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const shown = new Set();
  for (const question of questions) {
    const condition = question.showIf;
    if (!condition) {
      shown.add(question.id);
      continue;
    }
    const asked = byId.get(condition.questionId);
    // A follow-up of a question asked on another item (a season's, asked once) follows it there.
    if (!asked) continue;
    const value = answers[questionKey(asked.id)];
    if (shown.has(asked.id) && answered(asked, value, condition.answer)) shown.add(question.id);
  }
  return questions.filter((question) => shown.has(question.id));
}

// The item's questions each child answers, with the other items' (a follow-up may follow one).
function questionsOfChild(plan, participantId) {
  return plan
    .filter((item) => item.participantId === participantId)
    .flatMap((item) => item.questions);
}

/*
 * The item as the checkout and the quote take it: its add-ons chosen ({id, optionId, quantity,
 * units}; a required one the server adds itself, so one is sent only to name its option) and,
 * with `withAnswers`, the answers of the questions it asks that are shown and given.
 */
export function itemExtras(planItem, values, plan, { withAnswers = true } = {}) {
  const chosen = values.addOns?.[planItem.key] ?? {};
  const addOns = [];
  for (const addOn of planItem.addOns) {
    const value = chosen[addOnKey(addOn.id)] ?? {};
    const hasOptions = addOn.options?.length > 0;
    const perDayOfSeries = addOn.perDay && planItem.units?.length > 0;
    if (addOn.required && !hasOptions) continue;
    if (!addOn.required && !perDayOfSeries && !value.on) continue;
    const units = perDayOfSeries ? (value.units ?? []).map(Number) : [];
    if (perDayOfSeries && !addOn.required && units.length === 0) continue;
    const entry = { id: addOn.id };
    if (hasOptions && value.optionId) entry.optionId = Number(value.optionId);
    if (addOn.maxQuantity > 1) entry.quantity = Number(value.quantity || 1);
    if (perDayOfSeries && !addOn.required) entry.units = units;
    addOns.push(entry);
  }
  const extras = addOns.length ? { addOns } : {};
  if (!withAnswers) return extras;
  const given = values.answers?.[childKey(planItem.participantId)] ?? {};
  const shown = new Set(
    shownQuestions(questionsOfChild(plan, planItem.participantId), given).map((q) => q.id),
  );
  const answers = {};
  for (const question of planItem.questions) {
    if (!shown.has(question.id)) continue;
    const value = asApiValue(question, given[questionKey(question.id)]);
    if (value !== undefined) answers[String(question.id)] = value;
  }
  return Object.keys(answers).length ? { ...extras, answers } : extras;
}

// The answers of a set of questions, as PUT /enrolments/{id}/answers takes them.
export function answersOf(questions, given) {
  const shown = shownQuestions(questions, given);
  const answers = {};
  for (const question of shown) {
    const value = asApiValue(question, given[questionKey(question.id)]);
    if (value !== undefined) answers[String(question.id)] = value;
  }
  return answers;
}

/*
 * One answer's schema, in the server's words: a required one left empty is "Please answer
 * “…”."; `who` (the child's name) leads the message where several children answer.
 */
function answerSchema(question, who) {
  const lead = who ? `${who}: ` : "";
  const missing = `${lead}${t`Please answer “${question.label}”.`}`;
  let schema;
  switch (question.kind) {
    case "choices":
      schema = yup.array().of(yup.string());
      return question.required ? schema.min(1, missing) : schema;
    case "number":
      schema = yup
        .string()
        .test("number", `${lead}${t`“${question.label}” needs a number.`}`, (value) => {
          const text = String(value ?? "").trim();
          return text === "" || Number.isFinite(Number(text));
        });
      break;
    case "date":
      schema = yup.string().matches(/^\d{4}-\d{2}-\d{2}$/, {
        message: `${lead}${t`“${question.label}” needs a date.`}`,
        excludeEmptyString: true,
      });
      break;
    case "short_text":
    case "long_text": {
      const max = question.kind === "short_text" ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      schema = yup
        .string()
        .max(max, `${lead}${t`“${question.label}” can be ${max} characters at most.`}`);
      break;
    }
    default:
      schema = yup.string();
  }
  return question.required ? schema.trim().required(missing) : schema;
}

// The schema of the answers to `questions` that are shown now (`given`: q<id> to value).
export function answersSchema(questions, given, who) {
  return yup.object(
    Object.fromEntries(
      shownQuestions(questions, given ?? {}).map((question) => [
        questionKey(question.id),
        answerSchema(question, who),
      ]),
    ),
  );
}

/*
 * The control a message about an add-on sits beside: its option, its days (lunch on a series'
 * days), or its checkbox.
 */
export function addOnField(addOn, planItem) {
  if (addOn.options?.length > 0) return "optionId";
  if (addOn.perDay && planItem.units?.length > 0) return "units";
  return "on";
}

// An add-on's schema: an option chosen for one bought (or required), a quantity within its limit.
function addOnSchema(addOn, planItem, lead) {
  const label = `${lead}${addOn.label}`;
  const hasOptions = addOn.options?.length > 0;
  const perDayOfSeries = addOn.perDay && planItem.units?.length > 0;
  const bought = (value) =>
    addOn.required || (perDayOfSeries ? (value?.units ?? []).length > 0 : Boolean(value?.on));
  return yup.lazy((value) => {
    if (!bought(value)) return yup.mixed();
    return yup.object({
      optionId: hasOptions
        ? yup.string().required(t`${label}: Choose an option.`)
        : yup.mixed().notRequired(),
      quantity:
        addOn.maxQuantity > 1
          ? yup
              .number()
              .transform((number, original) => (original === "" ? undefined : number))
              .typeError(t`${label}: How many? A whole number.`)
              .integer(t`${label}: How many? A whole number.`)
              .min(1, t`${label}: At least 1.`)
              .max(addOn.maxQuantity, t`${label}: At most ${addOn.maxQuantity}.`)
          : yup.mixed().notRequired(),
    });
  });
}

/*
 * The schema of the add-ons and answers of the whole plan, mirroring the server's checks: the
 * answers of each child to the questions shown, and each add-on bought complete.
 */
export function extrasSchema(plan, values) {
  const several = new Set(plan.map((item) => item.participantId)).size > 1;
  const children = [...new Set(plan.map((item) => item.participantId))];
  const nameOf = (participantId) =>
    plan.find((item) => item.participantId === participantId)?.participantName ?? "";
  return yup.object({
    addOns: yup.object(
      Object.fromEntries(
        plan.map((item) => {
          const who = several && item.participantName ? `${item.participantName}, ` : "";
          const lead = plan.length > 1 ? `${who}${item.className}, ` : "";
          return [
            item.key,
            yup.object(
              Object.fromEntries(
                item.addOns.map((addOn) => [addOnKey(addOn.id), addOnSchema(addOn, item, lead)]),
              ),
            ),
          ];
        }),
      ),
    ),
    answers: yup.object(
      Object.fromEntries(
        children.map((participantId) => [
          childKey(participantId),
          answersSchema(
            questionsOfChild(plan, participantId),
            values?.answers?.[childKey(participantId)],
            several ? nameOf(participantId) : "",
          ),
        ]),
      ),
    ),
  });
}

// Which of the plan's children a message of the server names ("Maya: Please answer …").
function childNamed(candidates, message) {
  return (
    candidates.find((item) => item.participantName && message.startsWith(item.participantName)) ??
    candidates.find((item) => item.participantName && message.includes(item.participantName)) ??
    candidates[0]
  );
}

// The item a message of the server names: "Item 2: …" by its place in the request, else the
// child it names ("Maya: Please answer …"), else the first that fits.
function itemNamed(plan, candidates, message) {
  const numbered = /^Item (\d+): /.exec(message);
  const byNumber = numbered ? plan[Number(numbered[1]) - 1] : null;
  if (byNumber && candidates.includes(byNumber)) return byNumber;
  return childNamed(candidates, message);
}

// A 409 `add_on_sold_out` names the line's class and child, and the add-on ("T-shirt (M)").
function soldOutItem(body, plan) {
  return plan.find(
    (item) =>
      item.participantId === body.participantId &&
      (item.classItem?._id === body.classId ||
        (item.units ?? []).some((unit) => unit.id === body.classId)),
  );
}

/*
 * A refused checkout's messages on the fields they are about: the server's `errors.answers`
 * ({questionId: [message]}, the message naming the child), `errors.addOns` (sentences naming
 * the item by its place, "Item 2: T-shirt: …", and the add-on), and an option sold out as the
 * seat was held (409 `add_on_sold_out`). Answers {errors (for Formik's setErrors), rest (the
 * sentences no field of the form shows)}.
 */
export function extrasServerErrors(error, plan) {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const errors = {};
  const rest = [];
  const put = (path, message) => {
    const parts = path.split(".");
    let node = errors;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts[parts.length - 1]] ??= message;
  };
  const byId = (messages) =>
    typeof messages === "object" && !Array.isArray(messages) && messages ? messages : null;
  for (const [questionId, messages] of Object.entries(byId(fieldErrors.answers) ?? {})) {
    for (const message of [].concat(messages)) {
      const asking = plan.filter((item) => item.questions.some((q) => String(q.id) === questionId));
      const item = childNamed(asking, message);
      if (item) put(answerPath(item.participantId, questionId), message);
      else rest.push(message);
    }
  }
  if (Array.isArray(fieldErrors.answers)) rest.push(...fieldErrors.answers.map(String));
  const addOnMessages = byId(fieldErrors.addOns)
    ? Object.entries(fieldErrors.addOns).flatMap(([id, messages]) =>
        [].concat(messages).map((message) => [id, message]),
      )
    : [].concat(fieldErrors.addOns ?? []).map((message) => [null, String(message)]);
  const fits = (id, message) => (addOn) =>
    id !== null ? String(addOn.id) === id : message.includes(addOn.label);
  for (const [id, message] of addOnMessages) {
    const offering = plan.filter((item) => item.addOns.some(fits(id, message)));
    const item = itemNamed(plan, offering, message);
    const addOn = item?.addOns.find(fits(id, message));
    if (item && addOn) put(`${addOnPath(item.key, addOn.id)}.${addOnField(addOn, item)}`, message);
    else rest.push(message);
  }
  const body = error instanceof ApiError ? error.body : {};
  if (body.code === "add_on_sold_out") {
    const item = soldOutItem(body, plan);
    const addOn = item?.addOns.find((entry) => error.message.includes(entry.label));
    if (item && addOn) {
      put(`${addOnPath(item.key, addOn.id)}.${addOnField(addOn, item)}`, error.message);
    } else rest.push(error.message);
  }
  return { errors, rest };
}

// The add-ons the quote's lines charge, by label, for "Includes: …" beside a total.
export function addOnsCharged(quote) {
  const byLabel = new Map();
  for (const line of quote?.lines ?? []) {
    for (const adjustment of line.adjustments ?? []) {
      if (adjustment.kind !== "add_on") continue;
      byLabel.set(adjustment.label, (byLabel.get(adjustment.label) ?? 0) + adjustment.amount);
    }
  }
  return [...byLabel.entries()].map(([label, amount]) => ({ label, amount }));
}
