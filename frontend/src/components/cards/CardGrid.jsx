// One column on phones, three from medium screens up (spec: three-column grids).
export function CardGrid({ items, getKey, renderItem }) {
  return (
    <ul className="row row-cols-1 row-cols-md-3 g-4 list-unstyled mb-0">
      {items.map((item) => (
        <li className="col" key={getKey(item)}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
