import { t } from "ttag";

import { usePolicies } from "../../../api/policies";
import { PoliciesSignForm } from "../../../components/care/PoliciesSignForm";
import { PolicyCard } from "../../../components/care/PolicyCard";
import { careWho } from "../../../components/care/careWho";
import { inSentence } from "../../../components/care/missingItems";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useNotify } from "../../../lib/notices";

// "the liability waiver and the photo policy": each policy one signature accepted, once.
function acceptedInWords(policies, accepted) {
  const titles = policies
    .filter((policy) => accepted.some((acceptance) => acceptance.policyId === policy._id))
    .map((policy) => {
      const title = inSentence(policy.title);
      return t`the ${title}`;
    });
  if (titles.length <= 1) return titles.join("") || t`the school's policies`;
  const others = titles.slice(0, -1).join(", ");
  const last = titles[titles.length - 1];
  return t`${others} and ${last}`;
}

function acceptedNotice(policies, accepted) {
  const what = acceptedInWords(policies, accepted);
  return t`You accepted ${what}`;
}

/*
 * The school's policies on My Family: each with its text and what the family accepted, then one
 * form that accepts every one still due (a per-child policy for each child, a family policy once)
 * with one typed name. `participants` is the family, for the children's names.
 */
export function SchoolPolicies({ participants }) {
  const { data: policies, error } = usePolicies();
  const notify = useNotify();
  const whoOf = (participantId) =>
    careWho(participants?.find((person) => person._id === participantId));

  return (
    <section id="school-policies" className="mt-4" aria-labelledby="school-policies-heading">
      <h2 id="school-policies-heading" className="h4">
        {t`School policies`}
      </h2>
      <p className="text-body-secondary">
        {t`What the school asks every family to read and accept before the first class. Some are accepted once for the family, others for each child.`}
      </p>
      <QueryResult
        data={policies}
        error={error}
        loadingLabel={t`Loading the school's policies…`}
        errorTitle={t`The school's policies could not be loaded.`}
        emptyMessage={t`The school has no policies to accept.`}
      >
        {(list) => (
          <div className="d-grid gap-3">
            {list.map((policy) => (
              <PolicyCard
                key={policy._id}
                policy={policy}
                whomOf={(participantId) => whoOf(participantId).name}
              />
            ))}
            <PoliciesSignForm
              policies={list}
              whomOf={(participantId) => whoOf(participantId).name}
              onAccepted={(accepted) => notify(acceptedNotice(list, accepted))}
            />
          </div>
        )}
      </QueryResult>
    </section>
  );
}
