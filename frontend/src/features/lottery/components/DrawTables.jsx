import { useId, useState } from "react";
import { msgid, ngettext, t } from "ttag";

import { classNameOf } from "./lotteryWords";

// A long list (thousands of families' wishes) is drawn this many rows at a time.
const ROWS_AT_A_TIME = 100;

/*
 * A table that scrolls sideways in a box of its own on a narrow screen (the keyboard reaches the
 * box too). Bootstrap's own classes: the public page brings no stylesheet of its own.
 */
function ScrollingTable({ caption, columns, children }) {
  return (
    <div className="table-responsive" role="region" aria-label={caption} tabIndex={0}>
      <table className="table align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/*
 * The families' codes in the draw's order, in a box of its own that scrolls (it may hold
 * thousands); the reader's family, when known, is marked.
 */
export function DrawOrder({ order, ownCode }) {
  const headingId = useId();
  const ownPlace = ownCode ? order.indexOf(ownCode) + 1 : 0;
  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4">
        {t`The order`}
      </h2>
      <p>
        {t`Each family is listed by its code, in the order the draw gave (within each priority group, by its key, lowest first). Only a family knows its own code.`}
      </p>
      {ownPlace > 0 && (
        <p className="fw-semibold">{t`Your family's code, ${ownCode}, is number ${ownPlace} in the order.`}</p>
      )}
      <div
        className="border rounded p-2 overflow-auto"
        style={{ maxHeight: "20rem" }}
        role="region"
        aria-label={t`The families' codes, in the draw's order`}
        // A box that scrolls is reached with the keyboard too.
        tabIndex={0}
      >
        <ol className="mb-0 ps-5">
          {order.map((code) => (
            <li key={code} aria-current={code === ownCode ? "true" : undefined}>
              <code className="text-body">{code}</code>
              {code === ownCode && (
                <span className="badge text-bg-primary ms-2">{t`Your family`}</span>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

// The seats the draw shared in each class: its seats free at that moment.
export function SeatsShared({ seats, classesById }) {
  const headingId = useId();
  const columns = [t`Class`, t`Seats`];
  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4">
        {t`Seats shared`}
      </h2>
      <p>{t`Each wished class's seats free at the moment of the draw.`}</p>
      <ScrollingTable caption={t`Seats shared in each class`} columns={columns}>
        {seats.map((shared) => (
          <tr key={shared.classId}>
            <th scope="row">{classNameOf(classesById, shared.classId)}</th>
            <td>{shared.seats}</td>
          </tr>
        ))}
      </ScrollingTable>
    </section>
  );
}

function outcomeWords(allocation) {
  if (allocation.outcome === "placed") return t`Placed`;
  const position = allocation.position;
  return position == null ? t`On the waitlist` : t`On the waitlist, number ${position}`;
}

/*
 * Every wish's outcome, in the draw's order: the family's code, its child's number within the
 * family, the class, the wish's rank, placed or on the waitlist. A family finds its own rows by
 * its code; the rest are drawn a hundred at a time.
 */
export function Allocations({ allocations, classesById }) {
  const headingId = useId();
  const searchId = useId();
  const [code, setCode] = useState("");
  const [shown, setShown] = useState(ROWS_AT_A_TIME);
  const wanted = code.trim().toUpperCase();
  const rows = wanted
    ? allocations.filter((allocation) => allocation.code.includes(wanted))
    : allocations;
  const columns = [t`Family`, t`Child`, t`Class`, t`Wish`, t`Outcome`];
  const count = rows.length;
  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4">
        {t`Every wish's outcome`}
      </h2>
      <p>
        {t`Children are numbered within their family (1, 2, and so on): no names are published.`}
      </p>
      <div className="mb-3">
        <label htmlFor={searchId} className="form-label">
          {t`Find a family's code`}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          style={{ maxWidth: "20rem" }}
          value={code}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.target.value);
            setShown(ROWS_AT_A_TIME);
          }}
        />
      </div>
      <p aria-live="polite" className="text-body-secondary">
        {count === 0
          ? t`No wish matches this code.`
          : ngettext(msgid`${count} wish`, `${count} wishes`, count)}
      </p>
      {count > 0 && (
        <ScrollingTable caption={t`Every wish's outcome`} columns={columns}>
          {rows.slice(0, shown).map((allocation) => (
            <tr key={`${allocation.code} ${allocation.child} ${allocation.rank}`}>
              <th scope="row">
                <code className="text-body">{allocation.code}</code>
              </th>
              <td>{allocation.child}</td>
              <td>{classNameOf(classesById, allocation.classId)}</td>
              <td>{allocation.rank}</td>
              <td>{outcomeWords(allocation)}</td>
            </tr>
          ))}
        </ScrollingTable>
      )}
      {count > shown && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => setShown(shown + ROWS_AT_A_TIME)}
        >
          {t`Show more`}
        </button>
      )}
    </section>
  );
}
