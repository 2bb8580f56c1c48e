import useSWR from "swr";

// GET /payments/:id/receipt: one payment's receipt, for the account that paid it (and admins).

export function receiptKey(paymentId) {
  return `/payments/${encodeURIComponent(paymentId)}/receipt`;
}

/*
 * The payment as the history shows it, with `receiptNumber`, the `school` paid ({name,
 * replyTo}), the `timeZone` its dates are read in, the class's `meetings` (and `meetingDays`,
 * `startTime`, `endTime`, `location`) and the `refundPolicy` the payment was made under.
 */
export function useReceipt(paymentId) {
  return useSWR(paymentId ? receiptKey(paymentId) : null);
}
