import { SWRConfig } from "swr";

import { APP_DEDUPING_INTERVAL_MS } from "../app/dataCache";

/*
 * `children` under the app's deduping interval: the test providers ask afresh each time, which
 * would hide a poll that the app's cache answers from an earlier request.
 */
export function InTheAppDataCache({ children }) {
  return <SWRConfig value={{ dedupingInterval: APP_DEDUPING_INTERVAL_MS }}>{children}</SWRConfig>;
}
