import { Form, Formik } from "formik";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { jt, t } from "ttag";
import * as yup from "yup";

import { useCloseDay, useDeskDay } from "../../../api/frontDesk";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { formatPrice } from "../../../components/ui/formatPrice";
import { Loading } from "../../../components/ui/Loading";
import { formatLocalDateTime, formatLocalTime } from "../../../components/ui/localTime";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { showRefusal } from "../components/refusal";
import { closerName, countedDifference, localToday } from "../components/dayFigures";

const METHODS = ["card", "cash", "cheque"];
const NOTE_MAX_LENGTH = 2000;

// A way of paying as the server names it, in words; one the page does not know as it came.
function methodWord(method) {
  const words = { card: t`Card`, cash: t`Cash`, cheque: t`Cheque` };
  return words[method] ?? method;
}

const amount = ({ notAnAmount, belowZero, missing }) =>
  yup.number().typeError(notAnAmount).min(0, belowZero).required(missing);

// Said when the form is drawn, in the language the page speaks.
function closeSchema() {
  return yup.object({
    countedCash: amount({
      notAnAmount: t`Enter the cash counted as an amount, like 120.50.`,
      belowZero: t`The cash counted cannot be below zero.`,
      missing: t`Enter the cash counted, 0 if none.`,
    }),
    countedCheques: amount({
      notAnAmount: t`Enter the cheques counted as an amount, like 120.50.`,
      belowZero: t`The cheques counted cannot be below zero.`,
      missing: t`Enter the cheques counted, 0 if none.`,
    }),
    note: yup.string().max(NOTE_MAX_LENGTH),
  });
}

function summaryLabels() {
  return { countedCash: t`Cash counted`, countedCheques: t`Cheques counted`, note: t`Note` };
}

function Takings({ day }) {
  return (
    <table className="table w-auto">
      <caption className="caption-top">{t`Taken at the desk`}</caption>
      <tbody>
        {METHODS.map((method) => (
          <tr key={method}>
            <th scope="row">{methodWord(method)}</th>
            <td className="text-end">{formatPrice(day.takings[method])}</td>
          </tr>
        ))}
        <tr className="fw-semibold">
          <th scope="row">{t`Total`}</th>
          <td className="text-end">{formatPrice(day.takings.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Payments({ payments }) {
  if (payments.length === 0) return <p>{t`Nothing was taken at the desk this day.`}</p>;
  return (
    <div className="table-responsive mb-3">
      <table className="table table-sm">
        <caption className="caption-top">{t`Payments`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Family`}</th>
            <th scope="col">{t`Method`}</th>
            <th scope="col">{t`Reference`}</th>
            <th scope="col" className="text-end">
              {t`Amount`}
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment, index) => (
            <tr key={`${payment.checkoutId} ${index}`}>
              <td>{formatLocalTime(payment.at)}</td>
              <td>{payment.family?.name}</td>
              <td>{methodWord(payment.method)}</td>
              <td>{payment.reference}</td>
              <td className="text-end">{formatPrice(payment.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// "Counted: …. Recorded: …. Difference …": the recorded amounts when the server sends them.
function closedFigures(closed) {
  const cash = formatPrice(closed.countedCash);
  const cheques = formatPrice(closed.countedCheques);
  const difference = formatPrice(closed.difference);
  const sentences = [t`Counted: cash ${cash}, cheques ${cheques}.`];
  if (closed.recordedCash !== undefined) {
    const recordedCash = formatPrice(closed.recordedCash);
    const recordedCheques = formatPrice(closed.recordedCheques);
    sentences.push(t`Recorded: cash ${recordedCash}, cheques ${recordedCheques}.`);
  }
  sentences.push(t`Difference ${difference}.`);
  return sentences.join(" ");
}

function Closed({ closed }) {
  const closer = closerName(closed.closedBy);
  const closedAt = formatLocalDateTime(closed.closedAt);
  const note = closed.note;
  return (
    <div className="alert alert-secondary">
      <p className="fw-semibold mb-1">{t`Closed by ${closer} at ${closedAt}`}</p>
      <p className="mb-1">{closedFigures(closed)}</p>
      {note && <p className="mb-0">{t`Note: ${note}`}</p>}
    </div>
  );
}

function CloseForm({ day }) {
  const closeDay = useCloseDay();
  const schema = useMemo(closeSchema, []);
  async function close(values, helpers) {
    helpers.setStatus(null);
    try {
      await closeDay({ date: day.date, ...values });
    } catch (error) {
      showRefusal(error, ["countedCash", "countedCheques", "note"], helpers);
    }
  }
  return (
    <Formik
      initialValues={{ countedCash: "", countedCheques: "", note: "" }}
      validationSchema={schema}
      validateOnBlur={false}
      onSubmit={close}
    >
      {({ values, isSubmitting }) => {
        const difference = countedDifference(
          day.takings,
          values.countedCash,
          values.countedCheques,
        );
        const shown = <strong key="difference">{formatPrice(difference)}</strong>;
        return (
          <Form noValidate aria-busy={isSubmitting} className="card card-body">
            <h2 className="h5">{t`Close the day`}</h2>
            <FormErrorSummary labels={summaryLabels()} />
            <FormField name="countedCash" label={t`Cash counted`} inputMode="decimal" />
            <FormField name="countedCheques" label={t`Cheques counted`} inputMode="decimal" />
            <FormField name="note" label={t`Note`} as="textarea" rows={2} />
            <p aria-live="polite">{jt`Difference from what was recorded: ${shown}`}</p>
            <div>
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {t`Close the day`}
              </button>
            </div>
          </Form>
        );
      }}
    </Formik>
  );
}

/*
 * The day's takings at the desk by method (card, cash, cheque) and each payment; closing it with
 * the cash and cheques counted, the difference from what was recorded and a note. Once closed
 * it says who closed it and what they counted.
 */
export function DayClosePage() {
  useTitle(t`The day's takings`);
  const id = useId();
  const [date, setDate] = useState(localToday);
  const { data: day, error } = useDeskDay(date);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1>{t`The day's takings`}</h1>
        <Link to={paths.frontDesk}>{t`Front desk`}</Link>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-date`}>
          {t`Day`}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="form-control w-auto"
          value={date}
          onChange={(event) => event.target.value && setDate(event.target.value)}
        />
      </div>
      {error && <p className="text-danger">{error.message}</p>}
      {!day && !error && <Loading label={t`Loading the day's takings…`} />}
      {day && (
        <>
          <Takings day={day} />
          <Payments payments={day.payments} />
          {day.closed ? <Closed closed={day.closed} /> : <CloseForm key={day.date} day={day} />}
        </>
      )}
    </>
  );
}
