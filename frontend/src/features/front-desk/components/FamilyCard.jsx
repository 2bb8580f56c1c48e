import { useId } from "react";

import { formatPrice } from "../../../components/ui/formatPrice";
import { fieldLabel } from "../../../lib/fieldLabels";

// What a child's care record still lacks, or that the family has yet to confirm it.
function CareStatus({ participant }) {
  const missing = participant.careMissing ?? [];
  if (missing.length > 0) {
    const words = missing.map((item) => fieldLabel([item]) || item);
    return <span className="badge text-bg-warning">Care record missing: {words.join(", ")}</span>;
  }
  if (participant.careToConfirm) {
    return (
      <span className="badge text-bg-info">Taken by phone, to be confirmed by the family</span>
    );
  }
  return <span className="badge text-bg-success">Care record complete</span>;
}

// The family chosen at the desk: who they are and their children with their care records.
export function FamilyCard({ family, onChangeFamily }) {
  const id = useId();
  const children = family.participants.filter((person) => !person.isAccountHolder);
  return (
    <section className="card mb-4" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <h2 id={`${id}-heading`} className="h4 card-title">
            {family.name}
          </h2>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={onChangeFamily}
          >
            Another family
          </button>
        </div>
        <p className="mb-2">
          {family.email}
          {family.phone ? ` · ${family.phone}` : ""}
          {Number(family.credit) > 0 && ` · Account credit ${formatPrice(family.credit)}`}
        </p>
        {children.length === 0 ? (
          <p className="text-body-secondary mb-0">No children yet.</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label="Children">
            {children.map((child) => (
              <li key={child.id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
                <span className="fw-semibold">{child.name}</span>
                <CareStatus participant={child} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
