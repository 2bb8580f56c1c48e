import { t } from "ttag";

import { useDeskLog } from "../../../api/deskLog";
import { formatLocalDateTime } from "../../../components/ui/localTime";

/*
 * What the school's office did for the family at the front desk (registered it, took a care
 * record by phone, a payment in cash): the family's own copy of the desk's log. Nothing shows
 * for a family that never dealt with the desk.
 */
export function OfficeLog() {
  const { data: entries } = useDeskLog();
  if (!entries?.length) return null;
  return (
    <section className="mt-4" aria-labelledby="office-log-heading">
      <h2 id="office-log-heading" className="h4">
        {t`Done for you by the office`}
      </h2>
      <ul className="list-unstyled mb-0">
        {entries.map((entry) => {
          const actor = entry.actor.name.toLowerCase();
          const when = formatLocalDateTime(entry.at);
          return (
            <li key={entry.id} className="py-1">
              {entry.summary}{" "}
              <span className="text-body-secondary">{t`(by ${actor} on ${when})`}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
