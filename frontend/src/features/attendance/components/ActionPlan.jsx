import { t } from "ttag";

import { fetchActionPlan } from "../../../api/todayHealth";
import { useFileDownload } from "../../../hooks/useFileDownload";

/*
 * "Action plan on file" on a child's line, when the care flags say one is, and the plan itself
 * for the instructor to open: asked with the session's token and handed to the phone to show.
 */
export function ActionPlan({ line }) {
  const { downloading, failure, download } = useFileDownload();
  if (!line.flags?.actionPlanOnFile) return null;
  const name = line.name;
  return (
    <div className="mb-2">
      <p className="small mb-0 d-flex flex-wrap align-items-center gap-2">
        <span className="badge bg-info-subtle text-info-emphasis border border-info-subtle">
          {t`Action plan on file`}
        </span>
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          disabled={Boolean(downloading)}
          onClick={() => download(() => fetchActionPlan(line.participantId))}
        >
          {t`Open action plan`}
          <span className="visually-hidden"> {t`for ${name}`}</span>
        </button>
      </p>
      {failure && (
        <p className="small text-danger-emphasis mb-0" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
