import { Form, Formik } from "formik";
import { useMemo, useRef, useState } from "react";
import { jt, t } from "ttag";
import * as yup from "yup";

import { useEnrolmentAnswers, useSaveEnrolmentAnswers } from "../../../api/enrolmentAnswers";
import { QuestionField } from "../../../components/extras/QuestionField";
import {
  answersOf,
  answersSchema,
  asFormValue,
  questionKey,
  shownQuestions,
} from "../../../components/extras/extras";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { Dialog } from "../../../components/ui/Dialog";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { formatDate } from "../../../components/ui/schedule";
import { ApiError } from "../../../lib/api";

const CLOSED = "answers_closed";

// "Jun 14, 2027" for a school's date, the moment itself for a time.
function whenSaid(iso) {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(iso) : formatLocalDateTime(iso);
}

// Open until the class's first day; a date alone counts from the start of that day.
function stillOpen(editableUntil) {
  if (!editableUntil) return true;
  const until = /^\d{4}-\d{2}-\d{2}$/.test(editableUntil)
    ? new Date(`${editableUntil}T00:00:00`)
    : new Date(editableUntil);
  return Date.now() < until.getTime();
}

function answerText(question, value) {
  if (value === undefined || value === null || value === "") return t`Not answered`;
  if (question.kind === "yes_no") return value ? t`Yes` : t`No`;
  if (Array.isArray(value)) return value.length ? value.join(", ") : t`Not answered`;
  if (question.kind === "date") return formatDate(value);
  return String(value);
}

function initialValues(data) {
  return {
    answers: Object.fromEntries(
      data.questions.map((question) => [
        questionKey(question.id),
        asFormValue(question, data.answers?.[String(question.id)]),
      ]),
    ),
  };
}

// The answers as they stand, to read once they can no longer be changed.
function AnswersList({ data }) {
  const given = initialValues(data).answers;
  return (
    <dl className="mb-4">
      {shownQuestions(data.questions, given).map((question) => (
        <div key={question.id} className="mb-2">
          <dt>{question.label}</dt>
          <dd className="mb-0">{answerText(question, data.answers?.[String(question.id)])}</dd>
        </div>
      ))}
    </dl>
  );
}

// Each earlier answer, newest first: every change is kept.
function History({ data }) {
  const byId = new Map(data.questions.map((question) => [question.id, question]));
  const rows = [...(data.history ?? [])]
    .filter((row) => byId.has(row.questionId))
    .sort((a, b) => b.answeredAt.localeCompare(a.answeredAt));
  if (rows.length === 0) return null;
  return (
    <details className="mt-4">
      <summary>{t`Changes to these answers`}</summary>
      <ul className="mt-2">
        {rows.map((row, index) => {
          const question = byId.get(row.questionId);
          return (
            <li key={`${row.questionId}-${row.answeredAt}-${index}`}>
              {question.label}: {answerText(question, row.value)}{" "}
              <span className="text-body-secondary">({formatLocalDateTime(row.answeredAt)})</span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/*
 * The server's refusal: an answer it refused beside its question (`errors.answers.<id>`), the
 * answers closed (the class has begun: read only from now), or its one sentence.
 */
function showRefusal(error, { setErrors, setStatus }, onClosed) {
  if (error instanceof ApiError && error.body?.code === CLOSED) {
    onClosed(error.message);
    return;
  }
  const refused = error instanceof ApiError ? error.fieldErrors?.answers : null;
  if (refused && typeof refused === "object" && !Array.isArray(refused)) {
    setErrors({
      answers: Object.fromEntries(
        Object.entries(refused).map(([id, messages]) => [questionKey(id), [].concat(messages)[0]]),
      ),
    });
    return;
  }
  setStatus(error?.message || t`Something went wrong. Please try again.`);
}

function AnswersForm({ data, enrolmentId, onClosed }) {
  const save = useSaveEnrolmentAnswers(enrolmentId);
  const [saved, setSaved] = useState(false);
  const statusRef = useRef(null);
  const schema = useMemo(
    () =>
      yup.lazy((values) =>
        yup.object({ answers: answersSchema(data.questions, values.answers, "") }),
      ),
    [data.questions],
  );

  const star = (
    <span key="star" aria-hidden="true">
      *
    </span>
  );
  const starSaid = (
    <span key="star-said" className="visually-hidden">
      {t`with a star`}
    </span>
  );

  async function onSubmit(values, helpers) {
    helpers.setStatus(null);
    setSaved(false);
    try {
      await save(answersOf(data.questions, values.answers));
      setSaved(true);
      statusRef.current?.focus();
    } catch (error) {
      showRefusal(error, helpers, onClosed);
    }
  }

  return (
    <Formik
      initialValues={initialValues(data)}
      validationSchema={schema}
      validateOnBlur={false}
      onSubmit={onSubmit}
      enableReinitialize
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-busy={isSubmitting}>
          <FormErrorSummary />
          <div ref={statusRef} tabIndex={-1} role="status" className="mb-2">
            {saved && <p className="alert alert-success mb-0">{t`Your answers are saved.`}</p>}
          </div>
          {data.questions.some((question) => question.required) && (
            <p className="small text-body-secondary">
              {jt`Questions marked ${star}${starSaid} need an answer.`}
            </p>
          )}
          {shownQuestions(data.questions, values.answers).map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              name={`answers.${questionKey(question.id)}`}
            />
          ))}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t`Save answers`}
          </button>
        </Form>
      )}
    </Formik>
  );
}

/*
 * One enrolment's answers to the school's questions (My Enrolled Classes, the card's Answers):
 * the family changes them until the class's first day, each change kept by the server, and
 * reads them after. A chunk of its own, with the form libraries, loaded as it opens.
 */
export function EnrolmentAnswersDialog({ enrolment, onClose }) {
  const { enrolmentId } = enrolment;
  const { data, error } = useEnrolmentAnswers(enrolmentId);
  const [closedBecause, setClosedBecause] = useState("");
  const open = data && !closedBecause && stillOpen(data.editableUntil);

  const editableUntil = data?.editableUntil && whenSaid(data.editableUntil);
  let body;
  if (data) {
    body = (
      <>
        {closedBecause && (
          <p className="alert alert-warning" role="alert">
            {closedBecause}
          </p>
        )}
        {data.questions.length === 0 ? (
          <p>{t`This class asks no questions.`}</p>
        ) : open ? (
          <>
            {data.editableUntil && <p>{t`You can change these answers until ${editableUntil}.`}</p>}
            <AnswersForm data={data} enrolmentId={enrolmentId} onClosed={setClosedBecause} />
          </>
        ) : (
          <>
            {!closedBecause && (
              <p>{t`The class has begun: these answers can no longer be changed here.`}</p>
            )}
            <AnswersList data={data} />
          </>
        )}
        <History data={data} />
      </>
    );
  } else if (error) {
    body = <ErrorAlert title={t`Your answers could not be loaded.`} error={error} />;
  } else {
    body = <Loading label={t`Loading your answers…`} />;
  }

  return (
    <Dialog
      title={
        enrolment.participantName
          ? t`Answers for ${enrolment.nameClass}, ${enrolment.participantName}`
          : t`Answers for ${enrolment.nameClass}`
      }
      onClose={onClose}
    >
      {body}
    </Dialog>
  );
}
