import { useEffect, useId, useRef } from "react";

import { formatPrice } from "../../../components/ui/formatPrice";

const PAID_WITH = { card: "by card", cash: "in cash", cheque: "by cheque" };

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
  return (
    <section className="card mb-4 border-success" aria-labelledby={`${id}-heading`}>
      <div className="card-body">
        <h2 id={`${id}-heading`} className="h4 card-title" tabIndex={-1} ref={heading}>
          {linkSent ? "Link sent" : "Paid and enrolled"}
        </h2>
        {linkSent ? (
          <p>
            The family was e-mailed a link to pay {formatPrice(checkout.total)} online, at{" "}
            {result.linkSentTo}. The seats are held until then.
          </p>
        ) : (
          <>
            <p>
              Paid {PAID_WITH[result.method] ?? ""}: {formatPrice(checkout.total)}. The receipt was
              sent to {family.email}.
            </p>
            <ul aria-label="Enrolled">
              {checkout.lines.map((line) => (
                <li key={line.id}>
                  Enrolled: {line.className} for {line.participantName}
                </li>
              ))}
            </ul>
          </>
        )}
        <button type="button" className="btn btn-outline-primary" onClick={onNext}>
          Another checkout for {family.name}
        </button>
      </div>
    </section>
  );
}
