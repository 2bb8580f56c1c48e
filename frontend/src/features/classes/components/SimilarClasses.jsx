import { Link } from "react-router-dom";
import { t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";
import { formatScheduleSummary } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";

/*
 * On the page of a class that has ended: the classes like it (its category, its instructor)
 * that are open for booking now, as the server picks them (`similarClasses`), each a link to
 * its own page; without any, the way to the whole catalog.
 */
export function SimilarClasses({ classes }) {
  return (
    <section className="mt-5" aria-labelledby="similar-classes-heading">
      <h2 id="similar-classes-heading" className="h4">
        {t`Coming up instead`}
      </h2>
      {classes.length > 0 ? (
        <ul className="list-group">
          {classes.map((similar) => (
            <li key={similar._id} className="list-group-item">
              <Link to={paths.classPage(similar._id)} className="fw-semibold">
                {similar.nameClass}
              </Link>
              <p className="mb-0 small text-body-secondary">
                {[
                  similar.categoryName,
                  t`with ${similar.instructorName}`,
                  formatScheduleSummary(similar),
                  formatPrice(similar.price),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t`No class like this one is open for booking yet.`}</p>
      )}
      <p className="mt-3 mb-0">
        <Link to={paths.classes}>{t`See every class open for booking`}</Link>
      </p>
    </section>
  );
}
