import useSWR from "swr";

// GET /refundPolicy: the school's refund policy in force, for anyone about to pay.

export const refundPolicyKey = "/refundPolicy";

/*
 * {adminFee, fullRefundDays, partialRefundDays, partialRefundPercent, text}; `text` says it in
 * words. Only shown beside Pay, so a failure leaves it out and is not retried.
 */
export function useRefundPolicy() {
  const { data, error } = useSWR(refundPolicyKey, { shouldRetryOnError: false });
  return { policy: error ? null : data };
}
