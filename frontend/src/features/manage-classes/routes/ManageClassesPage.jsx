import { useState } from "react";

import { CardGrid } from "../../../components/cards/CardGrid";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Toast } from "../../../components/ui/Toast";
import { useTitle } from "../../../hooks/useTitle";
import {
  useAllClasses,
  useApproveClass,
  useDenyClass,
  useSendFeedback,
} from "../../../api/classes";
import { FeedbackDialog } from "../components/FeedbackDialog";
import { ManageClassCard } from "../components/ManageClassCard";

const NO_NOTICE = { message: "", variant: "success" };

export function ManageClassesPage() {
  useTitle("Manage Classes");
  const { data: classes, error } = useAllClasses();
  const approve = useApproveClass();
  const deny = useDenyClass();
  const sendFeedback = useSendFeedback();
  // While one decision is on its way every Approve and Deny waits, so two never cross.
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [notice, setNotice] = useState(NO_NOTICE);
  const [feedbackFor, setFeedbackFor] = useState(null);

  async function decide(classItem, change, message, variant) {
    setBusy(true);
    setFailure("");
    try {
      await change(classItem._id);
      setNotice({ message, variant });
    } catch (changeError) {
      // 409: someone else decided first; the refreshed list shows what they chose.
      setFailure(changeError.message);
    } finally {
      setBusy(false);
    }
  }

  async function handleSendFeedback(text) {
    await sendFeedback(feedbackFor._id, text);
    setFeedbackFor(null);
    setNotice({ message: "Feedback sent.", variant: "success" });
  }

  return (
    <section aria-labelledby="manage-classes-heading">
      <h1 id="manage-classes-heading" className="h2 mb-4">
        Manage Classes
      </h1>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={classes}
        error={error}
        loadingLabel="Loading classes…"
        errorTitle="The classes could not be loaded."
        emptyMessage="No class has been proposed yet."
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(classItem) => classItem._id}
            renderItem={(classItem) => (
              <ManageClassCard
                classItem={classItem}
                busy={busy}
                onApprove={(item) =>
                  decide(item, approve, "Class is Approved Successfully", "success")
                }
                onDeny={(item) => decide(item, deny, "Class is Denied!", "warning")}
                onSendFeedback={setFeedbackFor}
              />
            )}
          />
        )}
      </QueryResult>
      {feedbackFor && (
        <FeedbackDialog
          classItem={feedbackFor}
          onSend={handleSendFeedback}
          onClose={() => setFeedbackFor(null)}
        />
      )}
      <Toast
        message={notice.message}
        variant={notice.variant}
        onClose={() => setNotice(NO_NOTICE)}
      />
    </section>
  );
}
