import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { t } from "ttag";

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
import {
  DEFAULT_STATUS,
  NONE_WITH_STATUS,
  STATUS_FILTERS,
  STATUS_LABELS,
  classesShown,
  countsByStatus,
  statusAsked,
} from "../components/classStatuses";
import { FeedbackDialog } from "../components/FeedbackDialog";
import { ManageClassCard } from "../components/ManageClassCard";

const NO_NOTICE = { message: "", variant: "success" };

export function ManageClassesPage() {
  useTitle(t`Manage Classes`);
  const { data: classes, error } = useAllClasses();
  const approve = useApproveClass();
  const deny = useDenyClass();
  const sendFeedback = useSendFeedback();
  // While one decision is on its way every Approve and Deny waits, so two never cross.
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [notice, setNotice] = useState(NO_NOTICE);
  const [feedbackFor, setFeedbackFor] = useState(null);
  // The review state shown, kept in the address (?status=); Pending unless another is asked.
  const [params, setParams] = useSearchParams();
  const status = statusAsked(params.get("status"));
  // Classes decided on this view stay on it until the filter changes.
  const [kept, setKept] = useState(() => new Set());
  const counts = classes ? countsByStatus(classes) : null;

  function showStatus(next) {
    setKept(new Set());
    setParams(next === DEFAULT_STATUS ? {} : { status: next }, { replace: true });
  }

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
      setKept((was) => new Set(was).add(classItem._id));
      setBusy(false);
    }
  }

  async function handleSendFeedback(text) {
    await sendFeedback(feedbackFor._id, text);
    setFeedbackFor(null);
    setNotice({ message: t`Feedback sent.`, variant: "success" });
  }

  return (
    <section aria-labelledby="manage-classes-heading">
      <h1 id="manage-classes-heading" className="h2 mb-4">
        {t`Manage Classes`}
      </h1>
      <div
        role="group"
        aria-label={t`Show classes by status`}
        className="d-flex flex-wrap gap-2 mb-3"
      >
        {STATUS_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn btn-sm ${name === status ? "btn-primary" : "btn-outline-primary"}`}
            aria-pressed={name === status}
            onClick={() => showStatus(name)}
          >
            {STATUS_LABELS[name]}
            {/* A space, so the button is read as "Pending 3", not "Pending3". */}
            {counts && " "}
            {counts && (
              <span className="badge rounded-pill text-bg-light ms-1">{counts[name]}</span>
            )}
          </button>
        ))}
      </div>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={classes && classesShown(classes, status, kept)}
        error={error}
        loadingLabel={t`Loading classes…`}
        errorTitle={t`The classes could not be loaded.`}
        emptyMessage={NONE_WITH_STATUS[status]}
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
                  decide(item, approve, t`Class is Approved Successfully`, "success")
                }
                onDeny={(item) => decide(item, deny, t`Class is Denied!`, "warning")}
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
