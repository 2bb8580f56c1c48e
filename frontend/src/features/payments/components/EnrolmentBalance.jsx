import { Link } from "react-router-dom";
import { t } from "ttag";

import { useBalance } from "../../../api/balances";
import { paths } from "../../../config/paths";
import { BalanceSummary } from "./BalanceSummary";
import { hasSchedule } from "./instalments";

/*
 * The balance of a seat paid by a plan, on its card, with a way to pay what is due now and
 * what is left, each on the balance page (`?pay=due`, `?pay=all`). The enrolled list does not
 * say which seats a plan pays, so each card asks; a seat paid in full (no plan, nothing owed) and
 * a balance that could not be read show nothing: the card's other facts stand without it.
 * `describedBy` names the class, for the links read out of context.
 */
export function EnrolmentBalance({ enrolmentId, describedBy }) {
  const { data: balance } = useBalance(enrolmentId);
  if (!hasSchedule(balance)) return null;
  return (
    <>
      <BalanceSummary balance={balance} />
      {(balance.dueNow > 0 || balance.due > 0) && (
        <div className="d-grid gap-2 mt-2">
          {balance.dueNow > 0 && (
            <Link
              className="btn btn-warning btn-sm"
              to={`${paths.dashboard.balance(enrolmentId)}?pay=due`}
              aria-describedby={describedBy}
            >
              {t`Pay what is due now`}
            </Link>
          )}
          {balance.due > 0 && (
            <Link
              className="btn btn-outline-primary btn-sm"
              to={`${paths.dashboard.balance(enrolmentId)}?pay=all`}
              aria-describedby={describedBy}
            >
              {t`Pay the remaining balance`}
            </Link>
          )}
        </div>
      )}
    </>
  );
}
