import { Form, Formik } from "formik";
import { useRef, useState } from "react";
import { t } from "ttag";

import { useAskFriends, useConfirmFriends, useLeaveFriends } from "../../../api/lottery";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { serverErrors } from "../../../components/forms/serverErrors";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { useNotify } from "../../../lib/notices";
import { FriendsChildrenField } from "./FriendsChildrenField";
import { askSchema, confirmSchema } from "./friendsSchema";
import { friendsStandingWords, withdrawWords } from "./friendsWords";
import { personName } from "./lotteryWords";

const FIELDS = ["code", "childIds"];

function fieldLabels() {
  return { code: t`Their family's code`, childIds: t`Your children to place with theirs` };
}

/*
 * A refused request for one of the section's forms: the fields the server names get its words
 * beside them; anything else (a 409, an invitation withdrawn meanwhile) goes to `refused`.
 */
function showRefusal(error, { setErrors }, refused) {
  const { fields, formError } = serverErrors(error, FIELDS);
  setErrors(fields);
  if (formError) refused(formError);
}

// No pair yet: their code and which of our children, then Ask them.
function AskFriendsForm({ seasonId, wishing, onAsked, refused }) {
  const ask = useAskFriends(seasonId);

  async function submit(values, helpers) {
    let answer;
    try {
      answer = await ask({ code: values.code.trim(), childIds: values.childIds });
    } catch (error) {
      showRefusal(error, helpers, refused);
      return;
    }
    onAsked(answer.friends?.familyName ?? "");
  }

  return (
    <Formik
      initialValues={{ code: "", childIds: [] }}
      validationSchema={askSchema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t`Ask a family to be placed with yours`}>
          <FormErrorSummary labels={fieldLabels()} />
          <FormField
            name="code"
            label={t`Their family's code`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <FriendsChildrenField people={wishing} />
          <button type="submit" className="btn btn-outline-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Asking…` : t`Ask them`}
          </button>
        </Form>
      )}
    </Formik>
  );
}

// Invited: which of our children, then Say yes, or Decline.
function InvitationForm({ seasonId, friends, wishing, onConfirmed, onDecline, busy, refused }) {
  const confirm = useConfirmFriends(seasonId);
  const familyName = friends.familyName;

  async function submit(values, helpers) {
    try {
      await confirm(friends.id, values.childIds);
    } catch (error) {
      showRefusal(error, helpers, refused);
      return;
    }
    onConfirmed();
  }

  return (
    <Formik
      initialValues={{ childIds: [] }}
      validationSchema={confirmSchema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t`Answer ${familyName}`}>
          <FormErrorSummary labels={fieldLabels()} />
          <FriendsChildrenField people={wishing} />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting || busy}>
              {isSubmitting ? t`Saying yes…` : t`Say yes`}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={isSubmitting || busy}
              onClick={onDecline}
            >
              {busy ? t`Declining…` : t`Decline`}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

// Asked, or confirmed: where the pair stands, and Withdraw.
function PairStanding({ friends, people, wishing, leaving, onWithdraw }) {
  return (
    <>
      <p>{friendsStandingWords(friends, people, wishing.length)}</p>
      <button
        type="button"
        className="btn btn-outline-danger"
        disabled={leaving}
        onClick={onWithdraw}
      >
        {leaving ? t`Withdrawing…` : withdrawWords(friends.status)}
      </button>
    </>
  );
}

// Our people with saved wishes, as {id, name} in the family's order: only they may be named.
function peopleWishing(people, wishes) {
  const withWishes = new Set(
    wishes.children.filter((child) => child.choices.length > 0).map((child) => child.participantId),
  );
  return people
    .filter((person) => withWishes.has(person._id))
    .map((person) => ({ id: person._id, name: personName(person) }));
}

/*
 * What follows each change to the pair: a notice, and the focus on the section's heading, as the
 * button pressed is gone; or the refusal at the section's top, and the wishes asked again (the
 * other family may have changed the pair meanwhile).
 */
function useFriendsChanges(seasonId, onChanged) {
  const headingRef = useRef(null);
  const notify = useNotify();
  const leave = useLeaveFriends(seasonId);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState("");

  function changed(message) {
    setFailure("");
    notify(message);
    headingRef.current?.focus();
  }

  function refused(message) {
    setFailure(message);
    onChanged?.();
  }

  async function leaveFriends(friendsId, message) {
    setLeaving(true);
    try {
      await leave(friendsId);
      changed(message);
    } catch (error) {
      refused(error.message);
    } finally {
      setLeaving(false);
    }
  }

  const dismiss = () => setFailure("");
  return { headingRef, failure, dismiss, leaving, changed, refused, leaveFriends };
}

/*
 * The family's pair of friends in the draw while the wishes are open (shown once it has saved
 * wishes and so has its code): ask a family by its code, answer an invitation, or withdraw.
 */
export function FriendsSection({ seasonId, wishes, people, onChanged }) {
  const { headingRef, failure, dismiss, leaving, changed, refused, leaveFriends } =
    useFriendsChanges(seasonId, onChanged);
  const { friends, code } = wishes;
  const familyName = friends?.familyName;
  const wishing = peopleWishing(people, wishes);

  let body;
  if (!friends && wishing.length === 0) {
    body = <p>{t`Save a wish for one of your children first.`}</p>;
  } else if (!friends) {
    body = (
      <AskFriendsForm
        seasonId={seasonId}
        wishing={wishing}
        onAsked={(name) => changed(t`You asked ${name} to be placed with your family.`)}
        refused={refused}
      />
    );
  } else if (friends.status === "invited") {
    body = (
      <>
        <p>{friendsStandingWords(friends, people, wishing.length)}</p>
        <InvitationForm
          seasonId={seasonId}
          friends={friends}
          wishing={wishing}
          busy={leaving}
          onConfirmed={() => changed(t`You said yes to ${familyName}.`)}
          onDecline={() => leaveFriends(friends.id, t`You declined ${familyName}'s invitation.`)}
          refused={refused}
        />
      </>
    );
  } else {
    body = (
      <PairStanding
        friends={friends}
        people={people}
        wishing={wishing}
        leaving={leaving}
        onWithdraw={() =>
          leaveFriends(friends.id, t`Withdrawn: your children are not placed with ${familyName}.`)
        }
      />
    );
  }

  return (
    <section aria-labelledby="friends-heading" className="mt-5 mb-4">
      <h2 id="friends-heading" ref={headingRef} tabIndex={-1} className="h4">
        {t`Placed with friends`}
      </h2>
      <p className="mb-2">
        {t`Another family of the draw can have some of your children placed with some of theirs, together or not at all. Give them your code (${code}) and ask for theirs.`}
      </p>
      <p>
        {t`The children so named are placed at the later of the two families' turns in the draw: being placed with friends never brings anyone earlier.`}
      </p>
      <DismissibleAlert message={failure} onClose={dismiss} />
      {body}
    </section>
  );
}
