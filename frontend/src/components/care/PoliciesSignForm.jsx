import { Form, Formik } from "formik";
import { t } from "ttag";

import { useAcceptPolicies } from "../../api/policies";
import { SCHOOL_LANGUAGE } from "../../lib/language";
import { FormErrorSummary } from "../forms/ErrorSummary";
import { FormField } from "../forms/FormField";
import { serverErrors } from "../forms/serverErrors";
import { PlainText } from "../ui/PlainText";
import { inSentence } from "./missingItems";
import { policySignSchema } from "./policySignSchema";

function inWords(names) {
  if (names.length <= 1) return names.join("");
  const allButLast = names.slice(0, -1).join(", ");
  const last = names[names.length - 1];
  return t`${allButLast} and ${last}`;
}

/*
 * Each acceptance due, in the order the server lists the policies: { policy, participantId }
 * (null for a family policy). With `only` (a participant id), what is due for that child alone,
 * and the family's own policies, as checkout asks.
 */
export function acceptancesDue(policies, only) {
  const shown = (participantId) =>
    only === undefined || participantId === null || participantId === only;
  return policies.flatMap((policy) =>
    policy.due.filter(shown).map((participantId) => ({ policy, participantId })),
  );
}

/*
 * The refusal of one acceptance names it by its place in the list ("Item 2: ..."): the family
 * reads the policy's title (and child) there instead.
 */
function inTheirWords(message, due, whomOf) {
  const place = /^Item (\d+): (.+)$/s.exec(message);
  const item = place && due[Number(place[1]) - 1];
  if (!item) return message;
  const refusal = place[2];
  if (item.participantId === null) return `${item.policy.title}: ${refusal}`;
  const whom = whomOf(item.participantId);
  return t`${item.policy.title} for ${whom}: ${refusal}`;
}

/*
 * Every school policy still due, accepted at once with one typed name: each policy named (with
 * the children it is for, and its text to read), then the name, then Accept. The server records
 * them all or none (POST /policies/acceptances). `policies` are GET /policies' list; `whomOf(id)`
 * names a child; `only` keeps to one child (checkout). The acceptances go to `onAccepted(list)`.
 */
export function PoliciesSignForm({ policies, whomOf, only, headingLevel = 3, onAccepted }) {
  const accept = useAcceptPolicies();
  const due = acceptancesDue(policies, only);
  if (due.length === 0) return null;
  const Heading = `h${headingLevel}`;
  const byPolicy = policies
    .map((policy) => ({
      policy,
      whom: due
        .filter((item) => item.policy === policy && item.participantId !== null)
        .map((item) => whomOf(item.participantId)),
      due: due.some((item) => item.policy === policy),
    }))
    .filter((entry) => entry.due);

  async function submit(values, { setErrors, setStatus, resetForm }) {
    setStatus(undefined);
    let accepted;
    try {
      accepted = await accept({
        acceptances: due.map((item) => ({
          policyId: item.policy._id,
          participantId: item.participantId,
        })),
        signedName: values.signedName,
      });
    } catch (acceptError) {
      const { fields } = serverErrors(acceptError, ["signedName"]);
      const others = [].concat(acceptError?.fieldErrors?.acceptances ?? []);
      setErrors(fields);
      const said = others.map((message) => inTheirWords(message, due, whomOf)).join(" ");
      setStatus(said || (Object.keys(fields).length ? undefined : acceptError.message));
      return;
    }
    resetForm();
    onAccepted?.(accepted);
  }

  return (
    <Formik
      initialValues={{ signedName: "" }}
      validationSchema={policySignSchema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t`Accept the school's policies`} className="card shadow-sm">
          <div className="card-body">
            <Heading className="h5">{t`Policies to accept`}</Heading>
            <FormErrorSummary />
            <p className="mb-2">{t`By typing your full name you accept:`}</p>
            <ul className="mb-3 ps-3">
              {byPolicy.map(({ policy, whom }) => {
                const whomWords = inWords(whom);
                const named = inSentence(policy.title);
                return (
                  <li key={policy._id} className="mb-2">
                    <span className="fw-semibold" lang={SCHOOL_LANGUAGE}>
                      {policy.title}
                    </span>
                    {whom.length > 0 && ` ${t`for ${whomWords}`}`}
                    <span className="text-body-secondary"> {t`(version ${policy.version})`}</span>
                    <details className="mt-1">
                      <summary>{t`Read the ${named}`}</summary>
                      <PlainText
                        text={policy.text}
                        lang={SCHOOL_LANGUAGE}
                        className="border-start ps-3 mt-2 text-break"
                      />
                    </details>
                  </li>
                );
              })}
            </ul>
            <FormField
              name="signedName"
              label={t`Type your full name to accept`}
              autoComplete="name"
            />
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? t`Accepting…` : due.length === 1 ? t`Accept` : t`Accept all`}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
