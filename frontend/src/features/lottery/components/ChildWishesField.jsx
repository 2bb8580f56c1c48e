import { useFormikContext } from "formik";
import { useEffect, useId, useState } from "react";
import { t } from "ttag";

import { formatScheduleSummary } from "../../../components/ui/schedule";
import { classNameOf } from "./lotteryWords";

// A child's list of wishes after `classId` moved by `step` (-1 up, +1 down).
function moved(choices, classId, step) {
  const from = choices.indexOf(classId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= choices.length) return choices;
  const next = [...choices];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

// The message beside one wish, or beside the list: only once the form has been sent.
function WishError({ id, message }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  );
}

/*
 * One child's wishes, most wanted first: each with Move up, Move down and Remove (named with the
 * class, for a screen reader going through the buttons), then a select of the season's other
 * classes and Add, until `maxChoices`. A wish the server refused shows its reason beneath it;
 * a problem with the whole list shows under the select.
 */
export function ChildWishesField({ index, name, classes, classesById, maxChoices }) {
  const { values, errors, submitCount, setFieldValue } = useFormikContext();
  const fieldId = useId();
  const [picked, setPicked] = useState("");
  // The control to focus once the list is drawn again: a wish moved in the page loses the focus,
  // and Add turns off once its class is added.
  const [focusAfter, setFocusAfter] = useState(null);
  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    document.getElementById(focusAfter)?.focus();
  }, [focusAfter]);

  const path = `children.${index}.choices`;
  const choices = values.children[index].choices;
  const shown = submitCount > 0 ? errors.children?.[index]?.choices : undefined;
  const listError = typeof shown === "string" ? shown : "";
  const wishErrors = Array.isArray(shown) ? shown : [];
  const full = choices.length >= maxChoices;
  const addable = classes.filter((classItem) => !choices.includes(classItem._id));
  const buttonId = (classId, what) => `${fieldId}-${classId}-${what}`;

  function move(classId, step) {
    const next = moved(choices, classId, step);
    setFieldValue(path, next);
    // The same button again, unless the wish reached the end it moved to and it is now off.
    const at = next.indexOf(classId);
    const atTop = at === 0;
    const atBottom = at === next.length - 1;
    const same = step < 0 ? "up" : "down";
    const other = step < 0 ? "down" : "up";
    setFocusAfter(buttonId(classId, (step < 0 ? atTop : atBottom) ? other : same));
  }

  function remove(classId) {
    setFieldValue(
      path,
      choices.filter((chosen) => chosen !== classId),
    );
    setFocusAfter(`${fieldId}-add`);
  }

  function add() {
    const classId = Number(picked);
    if (!classId || full || choices.includes(classId)) return;
    setFieldValue(path, [...choices, classId]);
    setPicked("");
    setFocusAfter(`${fieldId}-add`);
  }

  return (
    <fieldset className="mb-4">
      <legend className="h5">{t`Wishes for ${name}`}</legend>
      {choices.length === 0 ? (
        <p className="text-body-secondary">{t`No wishes yet.`}</p>
      ) : (
        <ol className="list-group list-group-numbered mb-2">
          {choices.map((classId, rank) => {
            const className = classNameOf(classesById, classId);
            const classItem = classesById.get(classId);
            const errorId = `${fieldId}-${classId}-error`;
            return (
              <li
                key={classId}
                className="list-group-item d-flex flex-wrap align-items-start gap-2"
                // The error summary's link brings the focus here.
                data-field={`${path}.${rank}`}
                tabIndex={-1}
                aria-describedby={wishErrors[rank] ? errorId : undefined}
              >
                <div className="me-auto">
                  <span className="fw-semibold">{className}</span>
                  {classItem && (
                    <span className="d-block small text-body-secondary">
                      {formatScheduleSummary(classItem)}
                    </span>
                  )}
                  <WishError id={errorId} message={wishErrors[rank]} />
                </div>
                <div className="d-flex flex-wrap gap-1">
                  <button
                    id={buttonId(classId, "up")}
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    disabled={rank === 0}
                    onClick={() => move(classId, -1)}
                  >
                    {t`Move up`}
                    <span className="visually-hidden">{` ${className}`}</span>
                  </button>
                  <button
                    id={buttonId(classId, "down")}
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    disabled={rank === choices.length - 1}
                    onClick={() => move(classId, 1)}
                  >
                    {t`Move down`}
                    <span className="visually-hidden">{` ${className}`}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    onClick={() => remove(classId)}
                  >
                    {t`Remove`}
                    <span className="visually-hidden">{` ${className}`}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <label htmlFor={`${fieldId}-add`} className="form-label">
        {t`Add a class to ${name}'s wishes`}
      </label>
      <div className="d-flex flex-wrap gap-2">
        <select
          id={`${fieldId}-add`}
          data-field={path}
          className={`form-select w-auto mw-100 flex-grow-1${listError ? " is-invalid" : ""}`}
          value={picked}
          aria-describedby={`${fieldId}-hint${listError ? ` ${fieldId}-list-error` : ""}`}
          onChange={(event) => setPicked(event.target.value)}
        >
          <option value="">{t`Choose a class`}</option>
          {addable.map((classItem) => (
            <option key={classItem._id} value={classItem._id}>
              {`${classItem.nameClass} · ${formatScheduleSummary(classItem)}`}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={full || !picked}
          onClick={add}
        >
          {t`Add`}
        </button>
      </div>
      <div id={`${fieldId}-hint`} className="form-text">
        {full
          ? t`That is the most wishes a child may make: remove one to add another.`
          : t`Up to ${maxChoices} classes, the most wanted first.`}
      </div>
      <WishError id={`${fieldId}-list-error`} message={listError} />
    </fieldset>
  );
}
