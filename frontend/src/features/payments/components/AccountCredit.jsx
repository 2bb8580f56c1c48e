import { jt, t } from "ttag";

import { formatPrice, formatPriceChange } from "../../../components/ui/formatPrice";
import { useCredit } from "../../../api/credit";
import { formatPaymentDate } from "./PaymentHistoryTable";

/*
 * The family's account credit: the balance, and each entry that made it (a refund taken as
 * credit, credit spent on a class), newest first. A family that never had credit sees nothing
 * here; so does one whose credit could not be loaded, as the payments beside it still can be.
 */
export function AccountCredit() {
  const { data: credit, error } = useCredit();
  if (error || !credit) return null;
  const balance = Number(credit.balance);
  if (balance === 0 && credit.entries.length === 0) return null;
  const balanceShown = <strong key="balance">{formatPrice(balance)}</strong>;
  return (
    <section className="card mb-4" aria-labelledby="account-credit-heading">
      <div className="card-body">
        <h2 id="account-credit-heading" className="h5 card-title">
          {t`Account credit`}
        </h2>
        <p className="mb-1">{jt`Balance: ${balanceShown}`}</p>
        {balance > 0 && (
          <p className="small text-body-secondary mb-0">
            {t`Credit is used before your card when you next pay for a class.`}
          </p>
        )}
        {credit.entries.length > 0 && (
          <ul
            className="list-group list-group-flush mt-2"
            aria-label={t`Credit entries, newest first`}
          >
            {credit.entries.map((entry, index) => (
              // Entries carry no id. New ones come first, so each is counted from the oldest.
              <li
                key={credit.entries.length - index}
                className="list-group-item px-0 d-flex flex-wrap justify-content-between gap-2"
              >
                <div className="text-break">
                  <div>{entry.reason}</div>
                  <time dateTime={entry.at} className="small text-body-secondary">
                    {formatPaymentDate(entry.at)}
                  </time>
                </div>
                <span className="fw-semibold text-nowrap">{formatPriceChange(entry.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
