import { t } from "ttag";

import { fetchIncidentPdf } from "../../api/health";
import { useFileDownload } from "../../hooks/useFileDownload";
import { DismissibleAlert } from "../ui/DismissibleAlert";

/*
 * "Download PDF": the report as the reader may read it, fetched with the session's token (a
 * link could not send it) and handed to the browser to save.
 */
export function IncidentPdfButton({ incidentId, describedBy }) {
  const { downloading, failure, dismissFailure, download } = useFileDownload();
  return (
    <div>
      <DismissibleAlert message={failure} onClose={dismissFailure} />
      <button
        type="button"
        className="btn btn-outline-primary"
        // Not disabled while it downloads: a disabled button would drop the focus.
        aria-disabled={Boolean(downloading)}
        aria-describedby={describedBy}
        onClick={() => download(() => fetchIncidentPdf(incidentId))}
      >
        {downloading ? t`Downloading the PDF…` : t`Download PDF`}
      </button>
    </div>
  );
}
