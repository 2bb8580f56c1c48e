import "./stacked-table.css";

/*
 * A table that, below Bootstrap's md breakpoint, shows each row as a card: every cell under its
 * column's label, nothing wider than the screen. From md up it is an ordinary table.
 *
 * The explicit roles keep the table, its rows and their header/cell pairs for screen readers
 * once CSS gives the rows `display: block`, which makes some browsers drop table semantics.
 * `columns` are the header labels; each Cell repeats its column's label for the card.
 */
export function StackedTable({ caption, columns, className = "", children }) {
  return (
    <div className="table-responsive">
      <table role="table" className={`table align-middle stacked-table ${className}`.trim()}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

export function Row({ children, ...rest }) {
  return (
    <tr role="row" {...rest}>
      {children}
    </tr>
  );
}

// `label` is the column's, shown above the value on a phone's card.
export function Cell({ label, className, children }) {
  return (
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
  );
}

// The cell that names its row (a person, a number): the card's first line.
export function RowHeader({ label, className, children }) {
  return (
    <th scope="row" role="rowheader" data-label={label} className={className}>
      {children}
    </th>
  );
}
