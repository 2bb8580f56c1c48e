import { useState } from "react";
import { Link } from "react-router-dom";
import { jt, t } from "ttag";

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

// An instructor with no class yet is shown the way to propose one.
function NoClassYet() {
  const addLink = (
    <Link key="add" to={paths.dashboard.addClass}>
      {t`Add a Class`}
    </Link>
  );
  return <>{jt`You have not added a class yet. ${addLink}`}</>;
}

function withdrawTitle(classItem) {
  const name = classItem.nameClass;
  return t`Withdraw ${name}?`;
}

export function MyClassesPage() {
  useTitle(t`My Classes`);
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
      const name = withdrawing.nameClass;
      notify(t`${name} is withdrawn`);
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
        {t`My Classes`}
      </h1>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={classes}
        error={error}
        loadingLabel={t`Loading your classes…`}
        errorTitle={t`Your classes could not be loaded.`}
        emptyMessage={<NoClassYet />}
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
          title={withdrawTitle(withdrawing)}
          confirmLabel={t`Withdraw`}
          busyLabel={t`Withdrawing…`}
          busy={busy}
          onConfirm={confirmWithdraw}
          onClose={() => {
            if (!busy) setWithdrawing(null);
          }}
        >
          <p className="mb-0">
            {t`It leaves the review queue and is never shown to families. This cannot be undone: to offer it again, add it as a new class.`}
          </p>
        </ConfirmRemoveDialog>
      )}
    </section>
  );
}
