import { useId, useState } from "react";
import { jt, t } from "ttag";

import { useAllClasses } from "../../../api/classes";
import { useTransferEnrolment, useTransferPreview } from "../../../api/transfers";
import { Dialog } from "../../../components/ui/Dialog";
import { Loading } from "../../../components/ui/Loading";
import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import { formatDate, formatScheduleSummary } from "../../../components/ui/schedule";
import { useAuth } from "../../../lib/auth";
import { withBankConfirmation } from "../lib/withBankConfirmation";
import { PayFailure } from "./PayFailure";

/*
 * The classes a seat may move to: the season's others (a class of no season, the others of
 * none). Whether the child may take one, and whether it has a seat, the server's preview says.
 */
export function transferTargets(classes, enrolment) {
  const season = enrolment.seasonId ?? null;
  return classes.filter(
    (classItem) => classItem._id !== enrolment._id && (classItem.seasonId ?? null) === season,
  );
}

// How the move is settled, by which way the money goes; null when nothing changes hands.
function settleChoices(total) {
  const amount = formatPrice(Math.abs(total));
  if (total > 0) {
    return {
      legend: t`Pay with`,
      options: [
        { value: "card", label: t`My card on file` },
        { value: "credit", label: t`My account credit` },
      ],
    };
  }
  if (total < 0) {
    return {
      legend: t`Where should the ${amount} go?`,
      options: [
        { value: "card", label: t`Refund ${amount} to your card` },
        { value: "credit", label: t`Take ${amount} as account credit` },
      ],
    };
  }
  return null;
}

function SettleChoice({ choices, value, onChange, disabled }) {
  const id = useId();
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="form-label fs-6 fw-semibold mb-1">{choices.legend}</legend>
      {choices.options.map((option) => (
        <div className="form-check" key={option.value}>
          <input
            id={`${id}-${option.value}`}
            className="form-check-input"
            type="radio"
            name={`${id}-settle`}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`} className="form-check-label">
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/*
 * What the move would take, as the server priced it: the new class's price against the one paid
 * for, the difference, the school's fee, and what that comes to, paid or given back. When the
 * server refuses the move (a cutoff passed, no seat, the child cannot take the class) its reasons
 * show instead of a way to confirm.
 */
function TransferPreview({ preview }) {
  const { total } = preview;
  let totalLabel = t`To pay`;
  if (total < 0) totalLabel = t`To give back`;
  else if (total === 0) totalLabel = t`Total`;
  const cutoffDay = preview.cutoffOn && (
    <time key="cutoff" dateTime={preview.cutoffOn}>
      {formatDate(preview.cutoffOn)}
    </time>
  );
  return (
    <>
      <dl className="class-facts mb-3">
        <dt>{t`New class`}</dt>
        <dd>{preview.className}</dd>
        <dt>{t`Current price`}</dt>
        <dd>{formatPrice(preview.currentPrice)}</dd>
        <dt>{t`New price`}</dt>
        <dd>{formatPrice(preview.newPrice)}</dd>
        <dt>{t`Difference`}</dt>
        <dd>{formatPriceChange(preview.difference)}</dd>
        {preview.fee > 0 && (
          <>
            <dt>{t`Transfer fee`}</dt>
            <dd>{formatPrice(preview.fee)}</dd>
          </>
        )}
        {preview.withheldDiscount > 0 && (
          <>
            <dt>{t`Discount your other classes no longer earn`}</dt>
            <dd>{formatPrice(preview.withheldDiscount)}</dd>
          </>
        )}
        <dt>{totalLabel}</dt>
        <dd>
          <strong>{formatPrice(Math.abs(total))}</strong>
        </dd>
      </dl>
      {preview.cutoffOn && <p className="small">{jt`Moves are possible until ${cutoffDay}.`}</p>}
      {preview.refusals.length > 0 && (
        <div className="alert alert-warning mb-0" role="alert">
          <p className="fw-semibold mb-1">{t`This move is not possible:`}</p>
          <ul className="mb-0">
            {preview.refusals.map((refusal) => (
              <li key={refusal.code}>{refusal.message}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function confirmLabel(total, busy) {
  if (busy) return t`Moving…`;
  const amount = formatPrice(total);
  return total > 0 ? t`Pay ${amount}` : t`Move`;
}

/*
 * Moving a seat to another class of its season: the family picks the class, sees what the move
 * takes (asked of the server for that class), chooses how the money is settled, and confirms.
 * The total shown is sent with the move: the server moves it for that total or not at all. A
 * bank asking for 3-D Secure gets it before the move is asked again; a decline or a refusal
 * shows why and takes the focus. Moved, the server's answer goes to `onMoved`; while the move is
 * on its way the dialog stays open.
 */
export function TransferEnrolmentDialog({ enrolment, onMoved, onClose }) {
  const selectId = useId();
  const { user } = useAuth();
  const { data: classes, error: classesError } = useAllClasses();
  const [classId, setClassId] = useState("");
  const [settleWith, setSettleWith] = useState("card");
  const {
    data: preview,
    error: previewError,
    isLoading,
  } = useTransferPreview(enrolment.enrolmentId, classId);
  const transfer = useTransferEnrolment(user?.email);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [answered, setAnswered] = useState(0);
  const targets = classes ? transferTargets(classes, enrolment) : [];
  const ready =
    Boolean(classId) &&
    Boolean(preview) &&
    !previewError &&
    !isLoading &&
    preview.refusals.length === 0;
  const choices = preview ? settleChoices(preview.total) : null;

  function close() {
    if (!busy) onClose();
  }

  async function confirm() {
    if (!ready || busy) return;
    // The total shown when Move was pressed: the only one the server may settle.
    const { total } = preview;
    setBusy(true);
    setFailure("");
    try {
      const answer = await withBankConfirmation(({ paymentIntentId }) =>
        transfer(enrolment.enrolmentId, {
          classId: Number(classId),
          settleWith: choices ? settleWith : "card",
          total,
          paymentIntentId,
        }),
      );
      onMoved(answer);
    } catch (error) {
      setFailure(error.message);
      setAnswered((count) => count + 1);
    } finally {
      setBusy(false);
    }
  }

  let classPicker;
  if (classes) {
    classPicker =
      targets.length > 0 ? (
        <div className="mb-3">
          <label htmlFor={selectId} className="form-label fw-semibold">
            {t`Move to`}
          </label>
          <select
            id={selectId}
            className="form-select"
            value={classId}
            disabled={busy}
            // Choosing the class is the first thing the dialog asks.
            autoFocus
            onChange={(event) => {
              setClassId(event.target.value);
              setFailure("");
            }}
          >
            <option value="">{t`Choose a class`}</option>
            {targets.map((classItem) => (
              <option key={classItem._id} value={String(classItem._id)}>
                {classItem.nameClass} ({formatScheduleSummary(classItem)})
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p>{t`There is no other class of this season to move to.`}</p>
      );
  } else if (classesError) {
    classPicker = (
      <p className="text-danger-emphasis" role="alert">
        {classesError.message}
      </p>
    );
  } else {
    classPicker = <Loading label={t`Loading the classes…`} />;
  }

  let previewPart = null;
  if (classId && preview && !isLoading) {
    previewPart = (
      <>
        <TransferPreview preview={preview} />
        {choices && preview.refusals.length === 0 && (
          <SettleChoice
            choices={choices}
            value={settleWith}
            onChange={setSettleWith}
            disabled={busy}
          />
        )}
      </>
    );
  } else if (classId && previewError) {
    previewPart = (
      <p className="text-danger-emphasis mb-0" role="alert">
        {previewError.message}
      </p>
    );
  } else if (classId) {
    previewPart = <Loading label={t`Working out the move…`} />;
  }

  return (
    <Dialog
      title={
        enrolment.participantName
          ? t`Move ${enrolment.nameClass} for ${enrolment.participantName} to another class`
          : t`Move ${enrolment.nameClass} to another class`
      }
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={close}>
            {t`Keep this class`}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || busy}
            onClick={confirm}
          >
            {confirmLabel(preview && ready ? preview.total : 0, busy)}
          </button>
        </>
      }
    >
      {classPicker}
      {previewPart}
      <PayFailure failure={failure} answered={answered} />
    </Dialog>
  );
}
