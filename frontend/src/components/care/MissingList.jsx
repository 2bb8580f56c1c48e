import { missingInWords } from "./missingItems";

// What the school still needs of a child, one item a line, in words (see missingItems.js).
export function MissingList({ missing, whose, policies, emergencyContactsRequired, id }) {
  return (
    <ul id={id} className="mb-0">
      {missing.map((item) => (
        <li key={item}>{missingInWords(item, { whose, policies, emergencyContactsRequired })}</li>
      ))}
    </ul>
  );
}
