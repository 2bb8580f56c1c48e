import { useId, useState } from "react";
import { t } from "ttag";

import { useApprovedClasses } from "../../../api/classes";
import { formatPrice } from "../../../components/ui/formatPrice";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";

const SEARCH_AFTER_MS = 300;
// The classes shown for a search: the office narrows it by typing more.
const SHOWN = 8;

// A class the search found, with a button per child to add it for them.
function ClassFound({ classItem, participants, chosen, onAdd }) {
  const className = classItem.nameClass;
  return (
    <li className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
      <span>
        <span className="fw-semibold">{className}</span>{" "}
        <span className="text-body-secondary small">{formatPrice(classItem.price)}</span>
      </span>
      <span className="d-flex flex-wrap gap-1">
        {participants.map((child) => {
          const childName = child.firstName;
          return (
            <button
              key={child.id}
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={chosen(classItem._id, child.id)}
              onClick={() => onAdd(classItem, child)}
            >
              {t`Add ${className} for ${childName}`}
            </button>
          );
        })}
      </span>
    </li>
  );
}

/*
 * The catalog's own search (GET /classes, approved classes to come), with a button per child to
 * add the class for them.
 */
export function ClassPicker({ participants, chosen, onAdd }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const search = useDebouncedValue(typed.trim(), SEARCH_AFTER_MS);
  const { classes, error } = useApprovedClasses({ search });
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={`${id}-search`}>
        {t`Find a class`}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="form-control mb-2"
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
      />
      {error && <p className="text-danger">{error.message}</p>}
      <ul className="list-group" aria-label={t`Classes found`}>
        {(classes ?? []).slice(0, SHOWN).map((classItem) => (
          <ClassFound
            key={classItem._id}
            classItem={classItem}
            participants={participants}
            chosen={chosen}
            onAdd={onAdd}
          />
        ))}
      </ul>
    </div>
  );
}
