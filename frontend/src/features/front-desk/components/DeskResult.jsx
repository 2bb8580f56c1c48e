import { useEffect, useId, useRef } from "react";
import { t } from "ttag";

import { formatPrice } from "../../../components/ui/formatPrice";

// What was paid and how, said whole for each way of paying.
function paidSentence(method, amount, email) {
  switch (method) {
    case "card":
      return t`Paid by card: ${amount}. The receipt was sent to ${email}.`;
    case "cash":
      return t`Paid in cash: ${amount}. The receipt was sent to ${email}.`;
    case "cheque":
      return t`Paid by cheque: ${amount}. The receipt was sent to ${email}.`;
    default:
      return t`Paid: ${amount}. The receipt was sent to ${email}.`;
  }
}

/*
 * What the desk's payment did: the classes the children are now enrolled in and the receipt sent
 * to the family, or the link e-mailed for them to pay later. The heading takes the focus so the
 * office hears it.
 */
export function DeskResult({ result, family, onNext }) {
  const id = useId();
  const heading = useRef(null);
  useEffect(() => heading.current?.focus(), []);
  const linkSent = result.method === "link";
  const { checkout } = result;
  const amount = formatPrice(checkout.total);
  const sentTo = result.linkSentTo;
  const familyName = family.name;
  return (
    <section className="card mb-4 border-success" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4 card-title" tabIndex={-1} ref={heading}>
          {linkSent ? t`Link sent` : t`Paid and enrolled`}
        </h2>
        {linkSent ? (
          <p>
            {t`The family was e-mailed a link to pay ${amount} online, at ${sentTo}. The seats are held until then.`}
          </p>
        ) : (
          <>
            <p>{paidSentence(result.method, amount, family.email)}</p>
            <ul aria-label={t`Enrolled`}>
              {checkout.lines.map((line) => {
                const { className, participantName } = line;
                return <li key={line.id}>{t`Enrolled: ${className} for ${participantName}`}</li>;
              })}
            </ul>
          </>
        )}
        <button type="button" className="btn btn-outline-primary" onClick={onNext}>
          {t`Another checkout for ${familyName}`}
        </button>
      </div>
    </section>
  );
}
