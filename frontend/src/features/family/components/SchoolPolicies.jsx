import { usePolicies } from "../../../api/policies";
import { PolicyCard } from "../../../components/care/PolicyCard";
import { careWho } from "../../../components/care/careWho";
import { inSentence } from "../../../components/care/missingItems";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useNotify } from "../../../lib/notices";

/*
 * The school's policies on My Family: each with its text, what the family accepted, and a form
 * for each acceptance still due (a per-child policy for each child, a family policy once).
 * `participants` is the family, for the children's names.
 */
export function SchoolPolicies({ participants }) {
  const { data: policies, error } = usePolicies();
  const notify = useNotify();
  const whoOf = (participantId) =>
    careWho(participants?.find((person) => person._id === participantId));

  return (
    <section id="school-policies" className="mt-4" aria-labelledby="school-policies-heading">
      <h2 id="school-policies-heading" className="h4">
        School policies
      </h2>
      <p className="text-body-secondary">
        What the school asks every family to read and accept before the first class. Some are
        accepted once for the family, others for each child.
      </p>
      <QueryResult
        data={policies}
        error={error}
        loadingLabel="Loading the school's policies…"
        errorTitle="The school's policies could not be loaded."
        emptyMessage="The school has no policies to accept."
      >
        {(list) => (
          <div className="d-grid gap-3">
            {list.map((policy) => (
              <PolicyCard
                key={policy._id}
                policy={policy}
                whomOf={(participantId) => whoOf(participantId).name}
                onAccepted={(acceptance) =>
                  notify(
                    acceptance.participantId == null
                      ? `You accepted the ${inSentence(policy.title)}`
                      : `You accepted the ${inSentence(policy.title)} for ${whoOf(acceptance.participantId).name}`,
                  )
                }
              />
            ))}
          </div>
        )}
      </QueryResult>
    </section>
  );
}
