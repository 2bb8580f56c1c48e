import { useId, useState } from "react";

import { isPolicyItem, missingInShort } from "../../../components/care/missingItems";
import { formatPrice } from "../../../components/ui/formatPrice";
import { CareByPhoneForm } from "./CareByPhoneForm";

// What a child's care record still lacks, that the family has yet to confirm a record taken by
// phone, and the school's policies the family signs online.
function CareStatus({ participant }) {
  const missing = participant.careMissing ?? [];
  const policies = missing.filter(isPolicyItem).map(missingInShort);
  const record = missing.filter((item) => !isPolicyItem(item)).map(missingInShort);
  return (
    <>
      {participant.careToConfirm && (
        <span className="badge text-bg-info">Taken by phone, to be confirmed by the family</span>
      )}
      {record.length > 0 && (
        <span className="badge text-bg-warning">Still needed: {record.join(", ")}</span>
      )}
      {policies.length > 0 && (
        <span className="badge text-bg-secondary">To sign online: {policies.join(", ")}</span>
      )}
      {missing.length === 0 && !participant.careToConfirm && (
        <span className="badge text-bg-success">Care record complete</span>
      )}
    </>
  );
}

// The family chosen at the desk: who they are and their children with their care records.
export function FamilyCard({ family, onChangeFamily, onChildChanged }) {
  const id = useId();
  const [taking, setTaking] = useState(null);
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
              <li key={child.id} className="mb-1">
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <span className="fw-semibold">{child.name}</span>
                  <CareStatus participant={child} />
                  {taking !== child.id && (
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0"
                      onClick={() => setTaking(child.id)}
                    >
                      Take {child.firstName}&apos;s care record by phone
                    </button>
                  )}
                </div>
                {taking === child.id && (
                  <CareByPhoneForm
                    child={child}
                    onCancel={() => setTaking(null)}
                    onSaved={(saved) => {
                      setTaking(null);
                      onChildChanged(saved);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
