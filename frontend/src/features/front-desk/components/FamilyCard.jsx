import { useId, useState } from "react";
import { t } from "ttag";

import { isPolicyItem, missingInShort } from "../../../components/care/missingItems";
import { formatPrice } from "../../../components/ui/formatPrice";
import { CareByPhoneForm } from "./CareByPhoneForm";

// What a child's care record still lacks, that the family has yet to confirm a record taken by
// phone, and the school's policies the family signs online.
function CareStatus({ participant }) {
  const missing = participant.careMissing ?? [];
  const policies = missing.filter(isPolicyItem).map(missingInShort);
  const record = missing.filter((item) => !isPolicyItem(item)).map(missingInShort);
  const needed = record.join(", ");
  const toSign = policies.join(", ");
  return (
    <>
      {participant.careToConfirm && (
        <span className="badge text-bg-info">{t`Taken by phone, to be confirmed by the family`}</span>
      )}
      {record.length > 0 && (
        <span className="badge text-bg-warning">{t`Still needed: ${needed}`}</span>
      )}
      {policies.length > 0 && (
        <span className="badge text-bg-secondary">{t`To sign online: ${toSign}`}</span>
      )}
      {missing.length === 0 && !participant.careToConfirm && (
        <span className="badge text-bg-success">{t`Care record complete`}</span>
      )}
    </>
  );
}

// A child of the family, with their care record's state and its taking by phone.
function ChildRow({ child, taking, onTake, onCancel, onSaved }) {
  const name = child.firstName;
  return (
    <li className="mb-1">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">{child.name}</span>
        <CareStatus participant={child} />
        {!taking && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={onTake}>
            {t`Take ${name}'s care record by phone`}
          </button>
        )}
      </div>
      {taking && <CareByPhoneForm child={child} onCancel={onCancel} onSaved={onSaved} />}
    </li>
  );
}

// The family chosen at the desk: who they are and their children with their care records.
export function FamilyCard({ family, onChangeFamily, onChildChanged }) {
  const id = useId();
  const [taking, setTaking] = useState(null);
  const children = family.participants.filter((person) => !person.isAccountHolder);
  const credit = formatPrice(family.credit);
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
            {t`Another family`}
          </button>
        </div>
        <p className="mb-2">
          {family.email}
          {family.phone ? ` · ${family.phone}` : ""}
          {Number(family.credit) > 0 && ` · ${t`Account credit ${credit}`}`}
        </p>
        {children.length === 0 ? (
          <p className="text-body-secondary mb-0">{t`No children yet.`}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={t`Children`}>
            {children.map((child) => (
              <ChildRow
                key={child.id}
                child={child}
                taking={taking === child.id}
                onTake={() => setTaking(child.id)}
                onCancel={() => setTaking(null)}
                onSaved={(saved) => {
                  setTaking(null);
                  onChildChanged(saved);
                }}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
