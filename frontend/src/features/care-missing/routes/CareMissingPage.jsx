import { useReducer } from "react";
import { t } from "ttag";

import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { sendCareReminder, useCareMissing } from "../../../api/careMissing";
import { CareMissingTable } from "../components/CareMissingTable";
import { IDLE, canSend, familyRemindersStep } from "../components/reminders";

/*
 * Admins: the children enrolled in upcoming classes whose care record or policies are not
 * complete, soonest class first, and a button per family that e-mails them what is missing. The
 * server sends a family one reminder a day at most, and says when it had sent today's already.
 */
export function CareMissingPage() {
  useTitle(t`Missing Care Records`);
  const { data: rows, error } = useCareMissing();
  const [reminders, step] = useReducer(familyRemindersStep, {});

  async function remind(accountId) {
    if (!canSend(reminders[accountId] ?? IDLE)) return;
    step({ accountId, type: "send" });
    try {
      const { sent } = await sendCareReminder(accountId);
      step({ accountId, type: "answered", sent });
    } catch (failure) {
      step({ accountId, type: "failed", message: failure.message });
    }
  }

  return (
    <section aria-labelledby="care-missing-heading">
      <h1 id="care-missing-heading" className="h2 mb-3">
        {t`Missing Care Records`}
      </h1>
      <p>
        {t`Children enrolled in upcoming classes whose care record or the school's policies are not complete, soonest class first.`}
      </p>
      <QueryResult
        data={rows}
        error={error}
        loadingLabel={t`Loading the missing care records…`}
        errorTitle={t`The missing care records could not be loaded.`}
        emptyMessage={t`Every child enrolled in an upcoming class has a complete care record.`}
      >
        {(list) => <CareMissingTable rows={list} reminders={reminders} onRemind={remind} />}
      </QueryResult>
    </section>
  );
}
