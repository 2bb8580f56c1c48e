import { t } from "ttag";

import { PlainText } from "../../../components/ui/PlainText";
import { useRefundPolicy } from "../../../api/refundPolicy";

/*
 * The school's refund policy, beside Pay, so the family knows before paying what cancelling
 * would give back. Left out while it loads or when it cannot be had: it never holds up paying.
 */
export function RefundPolicyNote() {
  const { policy } = useRefundPolicy();
  if (!policy?.text) return null;
  return (
    <section className="mt-4 small" aria-labelledby="refund-policy-heading">
      <h3 id="refund-policy-heading" className="h6 mb-1">
        {t`Refund policy`}
      </h3>
      <PlainText text={policy.text} className="text-body-secondary" paragraphClassName="mb-1" />
    </section>
  );
}
