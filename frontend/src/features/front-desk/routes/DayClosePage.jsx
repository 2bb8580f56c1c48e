import { Form, Formik } from "formik";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import * as yup from "yup";

import { useCloseDay, useDeskDay } from "../../../api/frontDesk";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { formatPrice } from "../../../components/ui/formatPrice";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { showRefusal } from "../components/refusal";
import { closerName, countedDifference, localToday } from "../components/dayFigures";

const METHOD_WORDS = { card: "Card", cash: "Cash", cheque: "Cheque" };

const amount = (label) =>
  yup
    .number()
    .typeError(`Enter the ${label} as an amount, like 120.50.`)
    .min(0, `The ${label} cannot be below zero.`)
    .required(`Enter the ${label}, 0 if none.`);

const schema = yup.object({
  countedCash: amount("cash counted"),
  countedCheques: amount("cheques counted"),
  note: yup.string().max(2000),
});

const LABELS = { countedCash: "Cash counted", countedCheques: "Cheques counted", note: "Note" };

function Takings({ day }) {
  return (
    <table className="table w-auto">
      <caption className="caption-top">Taken at the desk</caption>
      <tbody>
        {["card", "cash", "cheque"].map((method) => (
          <tr key={method}>
            <th scope="row">{METHOD_WORDS[method]}</th>
            <td className="text-end">{formatPrice(day.takings[method])}</td>
          </tr>
        ))}
        <tr className="fw-semibold">
          <th scope="row">Total</th>
          <td className="text-end">{formatPrice(day.takings.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Payments({ payments }) {
  if (payments.length === 0) return <p>Nothing was taken at the desk this day.</p>;
  return (
    <div className="table-responsive mb-3">
      <table className="table table-sm">
        <caption className="caption-top">Payments</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Family</th>
            <th scope="col">Method</th>
            <th scope="col">Reference</th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment, index) => (
            <tr key={`${payment.checkoutId} ${index}`}>
              <td>{new Date(payment.at).toLocaleTimeString([], { timeStyle: "short" })}</td>
              <td>{payment.family?.name}</td>
              <td>{METHOD_WORDS[payment.method] ?? payment.method}</td>
              <td>{payment.reference}</td>
              <td className="text-end">{formatPrice(payment.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Closed({ closed }) {
  return (
    <div className="alert alert-secondary">
      <p className="fw-semibold mb-1">
        Closed by {closerName(closed.closedBy)} at{" "}
        {new Date(closed.closedAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })}
      </p>
      <p className="mb-1">
        Counted: cash {formatPrice(closed.countedCash)}, cheques{" "}
        {formatPrice(closed.countedCheques)}.
        {closed.recordedCash !== undefined &&
          ` Recorded: cash ${formatPrice(closed.recordedCash)}, cheques ${formatPrice(
            closed.recordedCheques,
          )}.`}{" "}
        Difference {formatPrice(closed.difference)}.
      </p>
      {closed.note && <p className="mb-0">Note: {closed.note}</p>}
    </div>
  );
}

function CloseForm({ day }) {
  const closeDay = useCloseDay();
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
        return (
          <Form noValidate aria-busy={isSubmitting} className="card card-body">
            <h2 className="h5">Close the day</h2>
            <FormErrorSummary labels={LABELS} />
            <FormField name="countedCash" label="Cash counted" inputMode="decimal" />
            <FormField name="countedCheques" label="Cheques counted" inputMode="decimal" />
            <FormField name="note" label="Note" as="textarea" rows={2} />
            <p aria-live="polite">
              Difference from what was recorded: <strong>{formatPrice(difference)}</strong>
            </p>
            <div>
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                Close the day
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
  useTitle("The day's takings");
  const id = useId();
  const [date, setDate] = useState(localToday);
  const { data: day, error } = useDeskDay(date);
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1>The day&apos;s takings</h1>
        <Link to={paths.frontDesk}>Front desk</Link>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-date`}>
          Day
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
      {!day && !error && <Loading label="Loading the day's takings…" />}
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
