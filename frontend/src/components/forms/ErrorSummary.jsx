import { useFormikContext } from "formik";
import { useEffect, useId, useRef } from "react";
import { t } from "ttag";

import { ApiError } from "../../lib/api";
import { fieldLabel } from "../../lib/fieldLabels";

// The field a summary's line is about: its input by name, or the group a list of rows draws.
function fieldOf(from, name) {
  const scope = from?.closest("form") ?? document;
  const selector = (attribute) => `[${attribute}="${name.replace(/["\\]/g, "\\$&")}"]`;
  return scope.querySelector(selector("name")) ?? scope.querySelector(selector("data-field"));
}

/*
 * What is wrong with a form, at its top: one line per problem in the family's words, each with a
 * link that takes the focus to its field (`problems`: { field, label, message, id }; a problem
 * without a field, or without words for it, is a line of its own). Each new failed attempt to
 * send the form (`attempt`, a number that changes with each) moves the focus here, so the reader
 * who pressed Save at the bottom of a long page hears and sees what stopped it; putting a field
 * right while they work moves nothing.
 */
export function ErrorSummary({ problems, attempt, title = t`There is a problem` }) {
  const ref = useRef(null);
  const titleId = useId();
  // Drawn only while there are problems: with none, there is nothing to focus.
  useEffect(() => {
    if (attempt) ref.current?.focus();
  }, [attempt]);
  if (problems.length === 0) return null;
  return (
    <div
      ref={ref}
      className="alert alert-danger"
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
    >
      <p id={titleId} className="fw-semibold mb-1">
        {title}
      </p>
      <ul className="mb-0 ps-3">
        {problems.map((problem, index) => {
          const said = problem.label ? `${problem.label}: ${problem.message}` : problem.message;
          return (
            <li key={`${problem.field ?? ""} ${index}`} id={problem.id}>
              {problem.field ? (
                <a
                  href={`#${problem.field}`}
                  className="alert-link"
                  onClick={(event) => {
                    event.preventDefault();
                    const field = fieldOf(ref.current, problem.field);
                    field?.focus();
                    field?.scrollIntoView?.({ block: "center" });
                  }}
                >
                  {said}
                </a>
              ) : (
                said
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// Formik's errors as a list in the form's order: each message with its field's path.
function flattened(errors, path = [], into = []) {
  if (typeof errors === "string") into.push({ path, message: errors });
  else if (Array.isArray(errors)) {
    errors.forEach((item, index) => item && flattened(item, [...path, index], into));
  } else if (errors && typeof errors === "object") {
    for (const [name, item] of Object.entries(errors)) flattened(item, [...path, name], into);
  }
  return into;
}

/*
 * The problems of a Formik form once it has been sent: its fields' messages (the browser's or the
 * server's, placed beside their fields) and the form's one sentence (`status`) for the rest.
 * `labels` names this form's fields where the shared words (lib/fieldLabels.js) do not.
 */
export function formProblems({ errors, status, labels }) {
  const problems = flattened(errors).map(({ path, message }) => ({
    field: path.join("."),
    label: fieldLabel(path, labels),
    message,
  }));
  if (typeof status === "string" && status) problems.push({ message: status });
  return problems;
}

/*
 * The summary of the Formik form it sits in, shown once the form has been sent. Its form
 * validates on change, not on blur (`validateOnBlur={false}`): the summary taking the focus
 * blurs the field a form was sent from with Enter, and a validation then would wipe the
 * server's messages the summary is showing.
 */
export function FormErrorSummary({ labels }) {
  const { errors, status, submitCount, isSubmitting } = useFormikContext();
  const problems = submitCount > 0 ? formProblems({ errors, status, labels }) : [];
  return <ErrorSummary problems={problems} attempt={isSubmitting ? 0 : submitCount} />;
}

/*
 * A refused request as a summary's problems, outside Formik: each field's messages (a field the
 * form has, `fieldNames`, is linked to), or the server's one sentence when it named no field.
 */
export function requestProblems(error, fieldNames = [], labels = {}) {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const problems = [];
  for (const [name, messages] of Object.entries(fieldErrors)) {
    for (const message of [].concat(messages)) {
      const ours = fieldNames.includes(name);
      problems.push({
        field: ours ? name : undefined,
        label: ours ? fieldLabel(name, labels) : null,
        message,
      });
    }
  }
  if (problems.length === 0) {
    problems.push({ message: error?.message || t`Something went wrong. Please try again.` });
  }
  return problems;
}
