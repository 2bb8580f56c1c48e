import { useState } from "react";
import { Link } from "react-router-dom";

import { CardGrid } from "../../../components/cards/CardGrid";
import { ConfirmRemoveDialog } from "../../../components/ui/ConfirmRemoveDialog";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useMyClasses, useWithdrawClass } from "../../../api/myClasses";
import { useNotify } from "../../../lib/notices";
import { MyClassCard } from "../components/MyClassCard";

export function MyClassesPage() {
  useTitle("My Classes");
  const { user } = useAuth();
  const { data: classes, error } = useMyClasses(user?.email);
  const withdrawClass = useWithdrawClass(user?.email);
  const notify = useNotify();
  const [withdrawing, setWithdrawing] = useState(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  async function confirmWithdraw() {
    setBusy(true);
    setFailure("");
    try {
      await withdrawClass(withdrawing._id);
      notify(`${withdrawing.nameClass} is withdrawn`);
    } catch (withdrawError) {
      setFailure(withdrawError.message);
    } finally {
      setWithdrawing(null);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="my-classes-heading">
      <h1 id="my-classes-heading" className="h2 mb-4">
        My Classes
      </h1>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={classes}
        error={error}
        loadingLabel="Loading your classes…"
        errorTitle="Your classes could not be loaded."
        emptyMessage={
          <>
            You have not added a class yet. <Link to={paths.dashboard.addClass}>Add a Class</Link>
          </>
        }
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(classItem) => classItem._id}
            renderItem={(classItem) => (
              <MyClassCard classItem={classItem} busy={busy} onWithdraw={setWithdrawing} />
            )}
          />
        )}
      </QueryResult>
      {withdrawing && (
        <ConfirmRemoveDialog
          title={`Withdraw ${withdrawing.nameClass}?`}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing…"
          busy={busy}
          onConfirm={confirmWithdraw}
          onClose={() => {
            if (!busy) setWithdrawing(null);
          }}
        >
          <p className="mb-0">
            It leaves the review queue and is never shown to families. This cannot be undone: to
            offer it again, add it as a new class.
          </p>
        </ConfirmRemoveDialog>
      )}
    </section>
  );
}
