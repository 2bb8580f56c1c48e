import { Link, useParams } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useClass } from "../../../api/classes";
import { fetchRosterCsv, useRoster } from "../../../api/roster";
import { ClassWaitlist } from "../components/ClassWaitlist";
import { RosterTable } from "../components/RosterTable";

function enrolledCount(count) {
  return ngettext(msgid`${count} participant enrolled`, `${count} participants enrolled`, count);
}

/*
 * Who comes to one class, for its instructor (from My Classes) or an admin: each participant,
 * their care flags (allergies, pick-up, photos) with a link to their care record, what the
 * family wrote about them and whom to call, then who waits for a seat. The class itself
 * only gives the page its name; the roster shows without it.
 */
export function ClassRosterPage() {
  const { id } = useParams();
  const { role } = useAuth();
  const { classItem } = useClass(id);
  const { data: roster, error } = useRoster(id);
  const name = classItem?.nameClass;
  const title = name ? t`Roster: ${name}` : t`Roster`;
  useTitle(title);
  const { downloading, failure, dismissFailure, download } = useFileDownload();

  const back =
    role === "admin"
      ? { to: paths.dashboard.manageClasses, label: t`Back to Manage Classes` }
      : { to: paths.dashboard.myClasses, label: t`Back to My Classes` };

  return (
    <section aria-labelledby="class-roster-heading">
      <h1 id="class-roster-heading" className="h2 mb-3">
        {title}
      </h1>
      <p className="d-flex flex-wrap column-gap-3">
        <Link to={back.to}>{back.label}</Link>
        <Link to={paths.dashboard.classMessages(id)}>{t`Message families`}</Link>
      </p>
      <DismissibleAlert message={failure} onClose={dismissFailure} />
      <QueryResult
        data={roster}
        error={error}
        loadingLabel={t`Loading the roster…`}
        errorTitle={t`The roster could not be loaded.`}
        emptyMessage={t`No one is enrolled in this class yet.`}
      >
        {(rows) => (
          <>
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
              <p className="mb-0">{enrolledCount(rows.length)}</p>
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={downloading}
                onClick={() => download(() => fetchRosterCsv(id))}
              >
                {downloading ? t`Downloading…` : t`Download CSV`}
              </button>
            </div>
            <RosterTable classId={id} roster={rows} />
          </>
        )}
      </QueryResult>
      {/* Whoever may not read the roster may not read the waitlist: one refusal is enough. */}
      {roster && <ClassWaitlist classId={id} />}
    </section>
  );
}
