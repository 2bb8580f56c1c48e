const count = new Intl.NumberFormat();
const share = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });

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
      <Figure label="In line" value={count.format(live.inLine)} />
      <Figure label="Let in" value={count.format(live.admitted)} />
      <Figure label="Still waiting" value={count.format(live.waiting)} />
      <Figure label="Came before the opening" value={count.format(live.arrivedBeforeOpening)} />
      <Figure
        label="Letting in per minute"
        value={count.format(live.currentPerMinute)}
        note={`Set to ${count.format(live.admitPerMinute)}`}
      />
      <Figure label="Recent registration writes" value={count.format(live.recentRequests)} />
      <Figure label="Slow among them" value={share.format(live.recentSlowShare)} />
    </div>
  );
}
