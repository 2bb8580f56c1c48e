import { t } from "ttag";

import { formatCount, formatRate } from "../../../components/ui/formatFigures";

function Figure({ label, value, note }) {
  return (
    <div className="col">
      <dl className="border rounded p-3 h-100 mb-0">
        <dt className="fw-normal text-body-secondary small">{label}</dt>
        <dd className="fs-3 fw-semibold mb-0">{value}</dd>
        {note && <dd className="small text-body-secondary mb-0">{note}</dd>}
      </dl>
    </div>
  );
}

/*
 * The line's figures, two to a row on a phone and four on a wide screen, each a term and its
 * value. They change every few seconds, so they are not read out as they change: an admin reads
 * them when they look.
 */
export function LiveFigures({ live }) {
  const startsAt = formatCount(live.admitPerMinute);
  return (
    <div className="row row-cols-2 row-cols-lg-4 g-3">
      <Figure label={t`In line`} value={formatCount(live.inLine)} />
      <Figure label={t`Let in`} value={formatCount(live.admitted)} />
      <Figure label={t`Still waiting`} value={formatCount(live.waiting)} />
      <Figure label={t`Came before the opening`} value={formatCount(live.arrivedBeforeOpening)} />
      <Figure
        label={t`Letting in per minute`}
        value={formatCount(live.currentPerMinute)}
        note={t`Starts at ${startsAt}`}
      />
      <Figure label={t`Recent registration writes`} value={formatCount(live.recentRequests)} />
      <Figure label={t`Slow among them`} value={formatRate(live.recentSlowShare)} />
    </div>
  );
}
