import { Link } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../../../config/paths";
import { selectNoticeId } from "../hooks/useClassSelection";

/*
 * What a Select or a join just did for this class ({text, waitlist} of useClassSelection's
 * `notices`), beside its button: it takes the focus when it appears, and leads on to the list
 * it joined.
 */
export function SelectNotice({ classId, notice }) {
  if (!notice) return null;
  return (
    <p
      id={selectNoticeId(classId)}
      tabIndex={-1}
      className="fw-semibold text-success-emphasis mb-2"
    >
      {notice.text}{" "}
      <Link to={notice.waitlist ? paths.dashboard.waitlist : paths.dashboard.mySelectedClasses}>
        {notice.waitlist ? t`Go to My Waitlist` : t`Go to My Selected Classes`}
      </Link>
    </p>
  );
}
