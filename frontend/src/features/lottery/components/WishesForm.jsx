import { Form, Formik } from "formik";
import { t } from "ttag";

import { useSaveWishes } from "../../../api/lottery";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { useNotify } from "../../../lib/notices";
import { ChildWishesField } from "./ChildWishesField";
import { classNameOf, personName } from "./lotteryWords";
import { TogetherField } from "./TogetherField";
import { wishesSchema, wishesSent } from "./wishesSchema";
import { wishesServerErrors } from "./wishesServerErrors";

// The form's values from the family's people and the wishes the server holds.
function initialValues(people, wishes) {
  const held = new Map(wishes.children.map((child) => [child.participantId, child.choices]));
  return {
    children: people.map((person) => ({
      participantId: person._id,
      choices: held.get(person._id) ?? [],
    })),
    // One group is all this form draws; the server takes any number.
    together: wishes.together[0] ?? [],
  };
}

// What the error summary calls each field it may name, in the family's words.
function summaryLabels(people, values, classesById) {
  const labels = { together: t`Place together` };
  values.children.forEach((child, index) => {
    const name = personName(people[index]);
    labels[`children.${index}.choices`] = t`Wishes for ${name}`;
    child.choices.forEach((classId, rank) => {
      const className = classNameOf(classesById, classId);
      const number = rank + 1;
      labels[`children.${index}.choices.${rank}`] = t`${name}'s wish ${number}, ${className}`;
    });
  });
  return labels;
}

/*
 * The family's wishes while the window is open: each person's ranked classes, the group placed
 * together, and Save, which sends the whole of them (PUT). Refusals show under the child and the
 * wish they name, and in the summary at the top.
 */
export function WishesForm({ seasonId, people, wishes, classes, classesById }) {
  const save = useSaveWishes(seasonId);
  const notify = useNotify();

  async function submit(values, { setErrors, setStatus }) {
    setStatus(undefined);
    const sent = wishesSent(values);
    const sentIndexes = sent.children.map((child) =>
      values.children.findIndex((row) => row.participantId === child.participantId),
    );
    try {
      await save(sent);
    } catch (saveError) {
      const { errors, formError } = wishesServerErrors(saveError, sentIndexes);
      setErrors(errors);
      setStatus(formError || undefined);
      return;
    }
    notify(t`Your wishes are saved.`);
  }

  return (
    <Formik
      initialValues={initialValues(people, wishes)}
      validationSchema={wishesSchema(wishes.maxChoices)}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label={t`Your wishes`}>
          <FormErrorSummary labels={summaryLabels(people, values, classesById)} />
          {people.map((person, index) => (
            <ChildWishesField
              key={person._id}
              index={index}
              name={personName(person)}
              classes={classes}
              classesById={classesById}
              maxChoices={wishes.maxChoices}
            />
          ))}
          {people.length >= 2 && (
            <TogetherField
              people={people.map((person) => ({ id: person._id, name: personName(person) }))}
            />
          )}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Saving…` : t`Save your wishes`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
