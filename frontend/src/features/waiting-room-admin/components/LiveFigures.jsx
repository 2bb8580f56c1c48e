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
  return (
    <div className="row row-cols-2 row-cols-lg-4 g-3">
      <Figure label="In line" value={formatCount(live.inLine)} />
      <Figure label="Let in" value={formatCount(live.admitted)} />
      <Figure label="Still waiting" value={formatCount(live.waiting)} />
      <Figure label="Came before the opening" value={formatCount(live.arrivedBeforeOpening)} />
      <Figure
        label="Letting in per minute"
        value={formatCount(live.currentPerMinute)}
        note={`Set to ${formatCount(live.admitPerMinute)}`}
      />
      <Figure label="Recent registration writes" value={formatCount(live.recentRequests)} />
      <Figure label="Slow among them" value={formatRate(live.recentSlowShare)} />
    </div>
  );
}
