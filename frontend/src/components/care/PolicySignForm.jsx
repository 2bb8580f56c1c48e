import { Form, Formik } from "formik";

import { useAcceptPolicy } from "../../api/policies";
import { FormField } from "../forms/FormField";
import { serverErrors } from "../forms/serverErrors";
import { policySignSchema } from "./policySignSchema";

/*
 * Accepts one policy by typing one's full name: for a child (`participantId`, a per-child
 * policy; `whom` says who: "Mia", or "you" for the account holder) or for the family (a family policy, no participant).
 * The server's refusal of the name shows beside it; the acceptance goes to `onAccepted`.
 */
export function PolicySignForm({ policy, participantId = null, whom, onAccepted }) {
  const accept = useAcceptPolicy();

  async function submit(values, { setErrors, setStatus }) {
    setStatus(undefined);
    let accepted;
    try {
      accepted = await accept(policy._id, { participantId, signedName: values.signedName });
    } catch (acceptError) {
      const { fields, formError } = serverErrors(acceptError, ["signedName"]);
      setErrors(fields);
      setStatus(formError || undefined);
      return;
    }
    onAccepted?.(accepted);
  }

  // Each form is named for its policy and person: a page may hold several.
  const label = whom ? `${policy.title} for ${whom}` : policy.title;
  return (
    <Formik
      initialValues={{ signedName: "" }}
      validationSchema={policySignSchema}
      onSubmit={submit}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate aria-label={label} className="border rounded p-3 mb-2">
          {whom && <p className="fw-semibold mb-2">For {whom}</p>}
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <FormField name="signedName" label="Type your full name to accept" autoComplete="name" />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Accepting…" : "Accept"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
