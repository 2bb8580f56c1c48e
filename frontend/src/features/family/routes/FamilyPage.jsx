import { useRef, useState } from "react";
import { t } from "ttag";

import { exportAccountData } from "../../../api/accountExport";
import {
  useCreateParticipant,
  useDeleteParticipant,
  useParticipants,
  useUpdateParticipant,
} from "../../../api/participants";
import { serverErrors } from "../../../components/forms/serverErrors";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { useTitle } from "../../../hooks/useTitle";
import { useNotify } from "../../../lib/notices";
import { todayIso } from "../components/dates";
import { OfficeLog } from "../components/OfficeLog";
import { ParticipantCard } from "../components/ParticipantCard";
import { PARTICIPANT_FIELDS, ParticipantForm } from "../components/ParticipantForm";
import { participantName } from "../components/participantName";
import { RemoveChildDialog } from "../components/RemoveChildDialog";
import { SchoolPolicies } from "../components/SchoolPolicies";

// Sends a form to the server; its refusal goes beside the fields. True once it went through.
async function submitted(send, { setErrors, setStatus }) {
  setStatus(undefined);
  try {
    await send();
    return true;
  } catch (saveError) {
    const { fields, formError } = serverErrors(saveError, PARTICIPANT_FIELDS);
    setErrors(fields);
    setStatus(formError || undefined);
    return false;
  }
}

/*
 * /dashboard/family: the people a student selects classes for, the account holder first, then
 * the children (who have no login of their own); adding, editing and removing children; the way
 * to each one's care record; the school's policies to accept; what the office did for the
 * family at the front desk; and a copy of everything the school keeps about the family.
 */
export function FamilyPage() {
  useTitle(t`My Family`);
  const { data: participants, error } = useParticipants();
  const create = useCreateParticipant();
  const update = useUpdateParticipant();
  const remove = useDeleteParticipant();
  const notify = useNotify();
  const [removing, setRemoving] = useState(null);
  const [busy, setBusy] = useState(false);
  const { downloading, failure: downloadFailure, dismissFailure, download } = useFileDownload();
  // The removed card took its Remove button with it; focus goes back to the top of the page.
  const headingRef = useRef(null);
  // The Add child button is off while it sends, which drops the focus: it goes back to the form's
  // first field, ready for another child, while the notice says who was added.
  const addSectionRef = useRef(null);
  const today = todayIso();

  async function handleAdd(values, helpers) {
    if (await submitted(() => create(values), helpers)) {
      helpers.resetForm();
      const name = participantName(values);
      notify(t`${name} is added to your family`);
      addSectionRef.current?.querySelector("input")?.focus();
    }
  }

  async function handleSave(participant, values, helpers) {
    const saved = await submitted(() => update(participant._id, values), helpers);
    if (saved) {
      const name = participantName(values);
      notify(
        participant.isAccountHolder ? t`Your details are saved` : t`${name}'s details are saved`,
      );
    }
    return saved;
  }

  async function confirmRemove() {
    const name = participantName(removing);
    setBusy(true);
    try {
      await remove(removing._id);
      setRemoving(null);
      notify(t`${name} is removed from your family`);
      headingRef.current?.focus();
    } catch (removeError) {
      // The server says why it refused (a class the child holds) in words meant for the family.
      setRemoving(null);
      notify(removeError.message);
    } finally {
      setBusy(false);
    }
  }

  function downloadMyData() {
    download(exportAccountData);
  }

  return (
    <section aria-labelledby="family-heading">
      <h1 id="family-heading" className="h2 mb-4" ref={headingRef} tabIndex={-1}>
        {t`My Family`}
      </h1>
      <p className="text-body-secondary">
        {t`The people you select classes for. Their instructors read the notes and emergency contact you give here.`}
      </p>
      <QueryResult
        data={participants}
        error={error}
        loadingLabel={t`Loading your family…`}
        errorTitle={t`Your family could not be loaded.`}
        emptyMessage={t`Nobody is in your family yet.`}
      >
        {(family) => (
          <ul className="list-unstyled d-grid gap-3 mb-0">
            {family.map((participant) => (
              <li key={participant._id}>
                <ParticipantCard
                  participant={participant}
                  today={today}
                  busy={busy}
                  onSave={handleSave}
                  onRemove={setRemoving}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryResult>
      <section
        ref={addSectionRef}
        className="card shadow-sm mt-4"
        aria-labelledby="add-child-heading"
      >
        <div className="card-body p-4">
          <h2 id="add-child-heading" className="h4 mb-3">
            {t`Add a child`}
          </h2>
          <ParticipantForm
            label={t`Add a child`}
            submitLabel={t`Add child`}
            submittingLabel={t`Adding…`}
            onSubmit={handleAdd}
          />
        </div>
      </section>
      <SchoolPolicies participants={participants} />
      <OfficeLog />
      <section className="mt-4" aria-labelledby="my-data-heading">
        <h2 id="my-data-heading" className="h4">
          {t`Your data`}
        </h2>
        <p className="text-body-secondary">
          {t`A copy of everything the school keeps about your family: your account, the people in it, their selections, enrolments and payments, as one JSON file.`}
        </p>
        <DismissibleAlert message={downloadFailure} onClose={dismissFailure} />
        <button
          type="button"
          className="btn btn-outline-primary"
          // Not disabled while it prepares: a disabled button would drop the keyboard focus.
          aria-disabled={downloading}
          onClick={downloadMyData}
        >
          {downloading ? t`Preparing your data…` : t`Download my data`}
        </button>
      </section>
      {removing && (
        <RemoveChildDialog
          participant={removing}
          busy={busy}
          onConfirm={confirmRemove}
          onClose={() => {
            if (!busy) setRemoving(null);
          }}
        />
      )}
    </section>
  );
}
