import { useState } from "react";
import { BrowserRouter } from "react-router-dom";
import { SWRConfig } from "swr";

import { firstScreen as pageFirstScreen } from "../config/config";
import { fetcher } from "../lib/api";
import { HydrationProvider } from "../lib/hydrating";
import { APP_DEDUPING_INTERVAL_MS } from "./dataCache";
import { firstScreenCache, firstScreenFresh } from "./firstScreen";
import { AppProviders } from "./providers";
import { RouteTree } from "./router";

// Data cache defaults from the spec: 5 minutes, 3 retries. It starts from the page's first
// screen.
function swrOptions(firstScreen) {
  return {
    fetcher,
    dedupingInterval: APP_DEDUPING_INTERVAL_MS,
    errorRetryCount: 3,
    revalidateOnFocus: false,
    provider: () => firstScreenCache(firstScreen),
    use: [firstScreenFresh(firstScreen)],
    onErrorRetry: retryWhenTold,
  };
}

// A server too busy for a moment answers 503 with Retry-After: asked again then, not after
// SWR's backoff of several seconds. Any other failure keeps SWR's own retries.
export function retryWhenTold(error, key, config, revalidate, options) {
  if (error?.retryAfterSeconds != null && options.retryCount <= config.errorRetryCount) {
    setTimeout(revalidate, error.retryAfterSeconds * 1000, options);
    return;
  }
  SWRConfig.defaultValue.onErrorRetry(error, key, config, revalidate, options);
}

/*
 * The whole app. In the browser it reads the first screen the page carries and follows the
 * address bar; the server (src/server.jsx) draws it with the request's first screen and a
 * StaticRouter at the request's address. `takingOver`: drawn on the server, or taking that
 * HTML over in the browser (lib/hydrating.js).
 */
export function App({
  firstScreen = pageFirstScreen,
  Router = BrowserRouter,
  routerProps = {},
  takingOver = false,
}) {
  const [options] = useState(() => swrOptions(firstScreen));
  return (
    <HydrationProvider takingOver={takingOver}>
      <SWRConfig value={options}>
        <Router {...routerProps}>
          <AppProviders>
            <RouteTree />
          </AppProviders>
        </Router>
      </SWRConfig>
    </HydrationProvider>
  );
}
