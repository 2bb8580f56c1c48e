import { getIn, useFormikContext } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from "./extras";

// A long list of choices reads better as a select than as a column of radio buttons.
const RADIOS_UP_TO = 6;

/*
 * A field's message and hint, and whether it shows: once the field was visited or the form sent
 * (the fields of a checkout come and go with its items, so Formik's own touched, made from the
 * first values, does not know them all).
 */
export function useExtraField(name) {
  const id = useId();
  const { values, errors, touched, submitCount, setFieldValue, setFieldTouched } =
    useFormikContext();
  const error = getIn(errors, name);
  const invalid = typeof error === "string" && (submitCount > 0 || Boolean(getIn(touched, name)));
  return {
    id,
    value: getIn(values, name),
    error: invalid ? error : "",
    invalid,
    setValue: (value) => setFieldValue(name, value),
    touch: () => setFieldTouched(name, true, false),
  };
}

export function describedBy(...ids) {
  return ids.filter(Boolean).join(" ") || undefined;
}

export function ExtraError({ id, error }) {
  if (!error) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  );
}

// A required question's mark: seen, and said by the field's aria-required.
function RequiredMark({ required }) {
  if (!required) return null;
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

function ChoiceGroup({ question, name, field, readOnly, hintId }) {
  const many = question.kind === "choices";
  const choices =
    question.kind === "yes_no"
      ? [
          { value: "yes", label: t`Yes` },
          { value: "no", label: t`No` },
        ]
      : (question.choices ?? []).map((choice) => ({ value: choice, label: choice }));
  const legendId = `${field.id}-legend`;
  return (
    <fieldset
      className="mb-3"
      aria-labelledby={legendId}
      aria-describedby={describedBy(hintId, field.error && `${field.id}-error`)}
      aria-required={!many && question.required ? true : undefined}
      role={many ? "group" : "radiogroup"}
    >
      <legend id={legendId} className="form-label fs-6 mb-1">
        {question.label}
        <RequiredMark required={question.required} />
      </legend>
      {question.help && (
        <div id={hintId} className="form-text mt-0 mb-1">
          {question.help}
        </div>
      )}
      <div className="d-flex flex-wrap column-gap-4 row-gap-1">
        {choices.map((choice, index) => {
          const inputId = `${field.id}-${index}`;
          const checked = many
            ? (field.value ?? []).includes(choice.value)
            : field.value === choice.value;
          return (
            <div className="form-check" key={choice.value}>
              <input
                id={inputId}
                type={many ? "checkbox" : "radio"}
                className={`form-check-input${field.invalid ? " is-invalid" : ""}`}
                name={name}
                value={choice.value}
                checked={checked}
                disabled={readOnly}
                aria-invalid={field.invalid || undefined}
                onChange={(event) => {
                  if (!many) field.setValue(choice.value);
                  else {
                    const before = field.value ?? [];
                    field.setValue(
                      event.target.checked
                        ? [...before, choice.value]
                        : before.filter((value) => value !== choice.value),
                    );
                  }
                }}
                onBlur={field.touch}
              />
              <label className="form-check-label" htmlFor={inputId}>
                {choice.label}
              </label>
            </div>
          );
        })}
      </div>
      <ExtraError id={`${field.id}-error`} error={field.error} />
    </fieldset>
  );
}

/*
 * One of the school's questions, as its kind asks: a text, a long text, one choice (radio
 * buttons, a select for a long list), several choices, yes or no, a date, a number. Its help is
 * tied to the control, and so is its message; `readOnly` shows an answer that can no longer be
 * changed.
 */
export function QuestionField({ question, name, readOnly = false }) {
  const field = useExtraField(name);
  const hintId = question.help ? `${field.id}-hint` : null;
  const choiceGroup =
    question.kind === "yes_no" ||
    question.kind === "choices" ||
    (question.kind === "one_choice" && (question.choices ?? []).length <= RADIOS_UP_TO);
  if (choiceGroup) {
    return (
      <ChoiceGroup
        question={question}
        name={name}
        field={field}
        readOnly={readOnly}
        hintId={hintId}
      />
    );
  }
  const common = {
    id: field.id,
    name,
    value: field.value ?? "",
    disabled: readOnly,
    "aria-invalid": field.invalid || undefined,
    "aria-required": question.required || undefined,
    "aria-describedby": describedBy(hintId, field.error && `${field.id}-error`),
    onChange: (event) => field.setValue(event.target.value),
    onBlur: field.touch,
  };
  const invalidClass = field.invalid ? " is-invalid" : "";
  let control;
  if (question.kind === "one_choice") {
    control = (
      <select className={`form-select${invalidClass}`} {...common}>
        <option value="">{t`Choose…`}</option>
        {(question.choices ?? []).map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  } else if (question.kind === "long_text") {
    control = (
      <textarea
        className={`form-control${invalidClass}`}
        rows={3}
        maxLength={LONG_TEXT_MAX}
        {...common}
      />
    );
  } else {
    const types = { date: "date", number: "number" };
    control = (
      <input
        className={`form-control${invalidClass}`}
        type={types[question.kind] ?? "text"}
        step={question.kind === "number" ? "any" : undefined}
        inputMode={question.kind === "number" ? "decimal" : undefined}
        maxLength={question.kind === "short_text" ? SHORT_TEXT_MAX : undefined}
        {...common}
      />
    );
  }
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={field.id}>
        {question.label}
        <RequiredMark required={question.required} />
      </label>
      {control}
      {question.help && (
        <div id={hintId} className="form-text">
          {question.help}
        </div>
      )}
      <ExtraError id={`${field.id}-error`} error={field.error} />
    </div>
  );
}
