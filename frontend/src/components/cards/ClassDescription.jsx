import { useId, useState } from "react";
import { t } from "ttag";

import { PlainText } from "../ui/PlainText";

// About three lines of a card: a longer description opens on request.
export const COLLAPSED_LENGTH = 200;

// The text up to the last whole word within `length` characters.
function excerptOf(text, length) {
  const cut = text.slice(0, length);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

// A class's description on a card: the first lines, and Show more for the rest.
export function ClassDescription({ description }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const text = description ?? "";
  if (!text.trim()) {
    return <p className="text-body-secondary fst-italic mb-0">{t`No description yet.`}</p>;
  }
  const long = text.length > COLLAPSED_LENGTH;
  return (
    <div>
      <PlainText
        id={id}
        text={long && !expanded ? excerptOf(text, COLLAPSED_LENGTH) : text}
        paragraphClassName="mb-2"
        className="text-break"
      />
      {long && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t`Show less` : t`Show more`}
        </button>
      )}
    </div>
  );
}

// Under a dashboard card's facts: what a family will read of the class.
export function ClassDescriptionBlock({ description }) {
  return (
    <div className="mt-3">
      <p className="fw-semibold mb-1">{t`Description`}</p>
      <ClassDescription description={description} />
    </div>
  );
}
