import { BrowserRouter } from "react-router-dom";
import { SWRConfig } from "swr";

import { firstScreen } from "../config/config";
import { fetcher } from "../lib/api";
import { APP_DEDUPING_INTERVAL_MS } from "./dataCache";
import { firstScreenCache, firstScreenFresh } from "./firstScreen";
import { AppProviders } from "./providers";
import { RouteTree } from "./router";

// Data cache defaults from the spec: 5 minutes, 3 retries. It starts from the page's first
// screen.
const swrOptions = {
  fetcher,
  dedupingInterval: APP_DEDUPING_INTERVAL_MS,
  errorRetryCount: 3,
  revalidateOnFocus: false,
  provider: () => firstScreenCache(firstScreen),
  use: [firstScreenFresh(firstScreen)],
  onErrorRetry: retryWhenTold,
};

// A server too busy for a moment answers 503 with Retry-After: asked again then, not after
// SWR's backoff of several seconds. Any other failure keeps SWR's own retries.
export function retryWhenTold(error, key, config, revalidate, options) {
  if (error?.retryAfterSeconds != null && options.retryCount <= config.errorRetryCount) {
    setTimeout(revalidate, error.retryAfterSeconds * 1000, options);
    return;
  }
  SWRConfig.defaultValue.onErrorRetry(error, key, config, revalidate, options);
}

export function App() {
  return (
    <SWRConfig value={swrOptions}>
      <BrowserRouter>
        <AppProviders>
          <RouteTree />
        </AppProviders>
      </BrowserRouter>
    </SWRConfig>
  );
}
