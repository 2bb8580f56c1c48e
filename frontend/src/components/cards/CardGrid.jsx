import { memo } from "react";

import { useProgressiveCount } from "../../hooks/useProgressiveCount";

// Columns per row from medium screens up; one column on phones (spec: three-column grids).
export const CARDS_PER_ROW = 3;
const ROW_CLASSES = `row row-cols-1 row-cols-md-${CARDS_PER_ROW} g-4 list-unstyled mb-0`;

/*
 * The ImageCard imagePriority of the card at `index`. A grid at the top of its page loads its
 * first picture at once, ahead of everything else: the page's largest paint. The rest wait for
 * the lazy loader, which takes those in view as soon as the page is laid out: on a phone the
 * first row's other two are below the fold, and their bytes would share the line with the first.
 */
function imagePriority(index, atTop) {
  return atTop && index === 0 ? "high" : "lazy";
}

// Rows a grid at the top of its page draws with the page: what a laptop shows on arrival.
const FIRST_ROWS = 2;

// One card in its cell. Drawing the next row leaves the cards already drawn as they are.
const GridCell = memo(function GridCell({ item, priority, renderItem }) {
  return <li className="col card-grid-cell">{renderItem(item, priority)}</li>;
});

/*
 * renderItem(item, imagePriority) draws one card; pass the priority on to its ImageCard. A grid
 * at the top of its page draws its first rows with the page and the rest a row per paint: on a
 * phone the first card's picture is the largest paint, and it shows sooner from a shorter first
 * task. What follows the grid is below the fold either way, so nothing in view moves.
 */
export function CardGrid({ items, getKey, renderItem, atTop = false }) {
  const shown = useProgressiveCount(
    items.length,
    atTop ? FIRST_ROWS * CARDS_PER_ROW : items.length,
    CARDS_PER_ROW,
  );
  return (
    <ul className={ROW_CLASSES}>
      {items.slice(0, shown).map((item, index) => (
        <GridCell
          key={getKey(item)}
          item={item}
          priority={imagePriority(index, atTop)}
          renderItem={renderItem}
        />
      ))}
    </ul>
  );
}

/*
 * Stands in for a grid while its list loads: grey cards of the real cards' shape (picture, title,
 * `lines` lines of text, and a button when the real cards end with one), enough of them to fill
 * the screen. The footer is pushed below the fold before the list arrives, not when it does, so
 * the page does not jump. Only to look at: the loading status is told by QueryResult.
 */
export function CardGridPlaceholder({
  count = 2 * CARDS_PER_ROW,
  imageWidth = 400,
  imageHeight = 300,
  lines = 2,
  withButton = false,
}) {
  return (
    <div className={`${ROW_CLASSES} placeholder-glow`} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div className="col" key={index}>
          <div className="card h-100 shadow-sm">
            <div
              className="card-img-top placeholder w-100"
              style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}
            />
            <div className="card-body">
              <p className="card-title h5">
                <span className="placeholder col-8" />
              </p>
              {Array.from({ length: lines }, (_, line) => (
                <p className={`card-text ${line < lines - 1 ? "mb-1" : "mb-0"}`} key={line}>
                  <span className="placeholder col-6" />
                </p>
              ))}
            </div>
            {withButton && (
              <div className="card-footer bg-transparent border-0 pt-0 pb-3">
                <span className="btn btn-primary disabled placeholder w-100" />
              </div>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
