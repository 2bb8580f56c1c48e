import { msgid, ngettext, t } from "ttag";

import { useCheckOutTogether } from "../../../hooks/useCheckOutTogether";

/*
 * On the single-class payment page of a family with other classes selected: one checkout of them
 * all, this one included, priced together (the family's discounts worked out across them) and
 * paid with one payment. `selections` is the family's whole list.
 */
export function CheckOutTogetherNotice({ selections }) {
  const { checkOutTogether, posting, refusal } = useCheckOutTogether();
  const count = selections.length;
  const items = selections.map(({ classId, participantId }) => ({ classId, participantId }));
  return (
    <div className="border rounded-3 bg-body-tertiary p-3 mb-4">
      <p className="mb-2">
        {ngettext(
          msgid`Paying for more than one? Your ${count} selected class can be paid together with one payment, family discounts included.`,
          `Paying for more than one? Your ${count} selected classes can be paid together with one payment, family discounts included.`,
          count,
        )}
      </p>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={posting}
        aria-busy={posting || undefined}
        onClick={() => checkOutTogether(items)}
      >
        {t`Check out together`}
      </button>
      {refusal && (
        <p className="text-danger-emphasis small mt-2 mb-0" role="alert">
          {refusal.message}
        </p>
      )}
    </div>
  );
}
