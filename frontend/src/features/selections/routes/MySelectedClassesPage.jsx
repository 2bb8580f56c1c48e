import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ParticipantFilter, participantsNamedIn } from "../../../components/ui/ParticipantFilter";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useParticipantFilter } from "../../../hooks/useParticipantFilter";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useDeleteSelection, useSelections } from "../../../api/selections";
import { CheckoutTogether } from "../components/CheckoutTogether";
import { RemoveSelectionDialog } from "../components/RemoveSelectionDialog";
import { SelectionCard } from "../components/SelectionCard";

export function MySelectedClassesPage() {
  useTitle(t`My Selected Classes`);
  const { user } = useAuth();
  const { participantId, chooseParticipant } = useParticipantFilter();
  // The whole list names the family's participants for the filter; the rows shown are the
  // server's answer for the one chosen (the same list, and request, when it is everyone).
  const { data: everyone } = useSelections(user?.email);
  const { data: selections, error } = useSelections(user?.email, participantId);
  const deleteSelection = useDeleteSelection(user?.email);
  const [removing, setRemoving] = useState(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  // The removed card took the Delete button with it; focus goes back to the top of the page.
  const headingRef = useRef(null);

  async function confirmRemove() {
    setBusy(true);
    setFailure("");
    try {
      await deleteSelection(removing._id);
      setRemoving(null);
      headingRef.current?.focus();
    } catch (deleteError) {
      setRemoving(null);
      setFailure(deleteError.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="my-selected-classes-heading">
      <h1 id="my-selected-classes-heading" className="h2 mb-4" ref={headingRef} tabIndex={-1}>
        {t`My Selected Classes`}
      </h1>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      {/* First, and for everyone's selections whoever the rows show: a family pays for its
          classes at once, its discounts worked out together. */}
      {everyone?.length > 0 && <CheckoutTogether selections={everyone} />}
      <ParticipantFilter
        everyone={everyone}
        shown={selections}
        participantId={participantId}
        onChange={chooseParticipant}
      />
      <QueryResult
        data={selections}
        error={error}
        loadingLabel={t`Loading your selected classes…`}
        errorTitle={t`Your selected classes could not be loaded.`}
        emptyMessage={
          // A participant with no rows is not in the whole list either, so has no name here.
          participantId ? (
            t`No selected classes for this participant.`
          ) : (
            <>
              {t`You have not selected any classes yet.`}{" "}
              <Link to={paths.classes}>{t`Browse all classes`}</Link>
            </>
          )
        }
      >
        {(list) => (
          <ul className="list-unstyled mb-0">
            {list.map((selection) => (
              <li key={selection._id}>
                <SelectionCard selection={selection} busy={busy} onDelete={setRemoving} />
              </li>
            ))}
          </ul>
        )}
      </QueryResult>
      {removing && (
        <RemoveSelectionDialog
          selection={removing}
          forSeveral={participantsNamedIn(everyone ?? []).length > 1}
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
