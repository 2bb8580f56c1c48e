import useSWR from "swr";

import { paymentsKey } from "./keys";

// The student's payments, newest first, refunded ones included.
export function usePayments(email) {
  return useSWR(email ? paymentsKey(email) : null);
}
