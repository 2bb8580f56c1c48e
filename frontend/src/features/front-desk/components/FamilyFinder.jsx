import { useId, useState } from "react";
import { msgid, ngettext, t } from "ttag";

import { FAMILY_SEARCH_MIN, useFamilySearch } from "../../../api/frontDesk";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";

// The search is asked once the typing pauses this long.
const SEARCH_AFTER_MS = 300;

function FamilyRow({ family, onChoose }) {
  const children = family.participants.filter((person) => !person.isAccountHolder);
  const name = family.name;
  return (
    <li className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
      <div>
        <p className="fw-semibold mb-0">{family.name}</p>
        <p className="small text-body-secondary mb-0">
          {family.email}
          {family.phone ? ` · ${family.phone}` : ""}
          {children.length > 0 && ` · ${children.map((child) => child.name).join(", ")}`}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={() => onChoose(family)}
      >
        {t`Choose ${name}`}
      </button>
    </li>
  );
}

/*
 * Finding a family who calls or walks in: by the account holder's name, e-mail or telephone, or
 * a child's name, as the office types it.
 */
export function FamilyFinder({ onChoose }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const q = useDebouncedValue(typed, SEARCH_AFTER_MS);
  const { data: families, error, isLoading } = useFamilySearch(q);
  const searching = q.trim().length >= FAMILY_SEARCH_MIN;
  const sought = q.trim();
  const found = families?.length ?? 0;
  return (
    <section className="mb-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h4">
        {t`Find a family`}
      </h2>
      <label className="form-label" htmlFor={`${id}-q`}>
        {t`Name, e-mail or telephone`}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        className="form-control mb-2"
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
      />
      <div aria-live="polite">
        {error && <p className="text-danger">{error.message}</p>}
        {searching && isLoading && <p className="text-body-secondary">{t`Searching…`}</p>}
        {searching && families && families.length === 0 && (
          <p>{t`No family matches “${sought}”. Register them below.`}</p>
        )}
        {/* The list arrives without a word: a screen reader hears how many it holds. */}
        {searching && found > 0 && (
          <p className="visually-hidden">
            {ngettext(msgid`${found} family found`, `${found} families found`, found)}
          </p>
        )}
      </div>
      {searching && families?.length > 0 && (
        <ul className="list-group" aria-label={t`Families found`}>
          {families.map((family) => (
            <FamilyRow key={family.id} family={family} onChoose={onChoose} />
          ))}
        </ul>
      )}
    </section>
  );
}
