import { Form, Formik } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { Dialog } from "../../../components/ui/Dialog";
import { checkOutWords } from "./actionWords";
import { checkOutSchema } from "./checkOutSchema";

const initialValues = { collector: "", otherName: "", overrideReason: "" };

// A collector as a radio's value: the kind and the id the server knows them by.
const valueOf = (collector) => `${collector.kind}:${collector.id}`;

function collectorChoices(line) {
  const choices = line.collectors.map((collector) => ({
    value: valueOf(collector),
    label: collector.relationship
      ? `${collector.name} (${collector.relationship})`
      : collector.name,
  }));
  if (line.mayLeaveAlone) choices.push({ value: "alone", label: t`Left alone` });
  choices.push({ value: "other", label: t`Someone else` });
  return choices;
}

function collectedBy(line, values) {
  if (values.collector === "alone") return { kind: "alone", id: null, name: t`Left alone` };
  if (values.collector === "other") {
    return { kind: "other", id: null, name: values.otherName.trim() };
  }
  const collector = line.collectors.find((item) => valueOf(item) === values.collector);
  return { kind: collector.kind, id: collector.id, name: collector.name };
}

/*
 * Who collected the child: one of the people the care record lists, "Left alone" where it
 * allows it, or someone else by name (refused by the server unless an admin gives a reason).
 * onConfirm({collectedBy, overrideReason}) takes the check-out; the dialog then closes.
 */
export function CheckOutDialog({ line, isAdmin, onConfirm, onClose }) {
  const formId = useId();
  const name = line.name;

  function handleSubmit(values) {
    const other = values.collector === "other";
    onConfirm({
      collectedBy: collectedBy(line, values),
      overrideReason: other && isAdmin ? values.overrideReason.trim() : "",
    });
  }

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={checkOutSchema({ isAdmin })}
      onSubmit={handleSubmit}
    >
      {({ values }) => (
        <Dialog
          title={t`Check out ${name}`}
          onClose={onClose}
          actions={
            <>
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                {t`Cancel`}
              </button>
              <button type="submit" form={formId} className="btn btn-primary">
                {checkOutWords()}
              </button>
            </>
          }
        >
          <Form id={formId} noValidate className="attendance-check-out">
            <RadioGroupField
              name="collector"
              legend={t`Who collected them?`}
              options={collectorChoices(line)}
            />
            {values.collector === "other" && (
              <>
                <FormField name="otherName" label={t`Their name`} autoComplete="off" />
                {isAdmin && (
                  <FormField
                    name="overrideReason"
                    as="textarea"
                    rows={2}
                    label={t`Reason`}
                    hint={t`Recorded with the check-out: they are not on the child's list.`}
                  />
                )}
              </>
            )}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
