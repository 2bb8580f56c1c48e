import { RouterProvider } from "react-router-dom";
import { SWRConfig } from "swr";

import { firstScreen } from "../config/config";
import { fetcher } from "../lib/api";
import { firstScreenCache, firstScreenFresh } from "./firstScreen";
import { AppProviders } from "./providers";
import { router } from "./router";

// Data cache defaults from the spec: 5 minutes, 3 retries. It starts from the page's first
// screen.
const swrOptions = {
  fetcher,
  dedupingInterval: 5 * 60 * 1000,
  errorRetryCount: 3,
  revalidateOnFocus: false,
  provider: () => firstScreenCache(firstScreen),
  use: [firstScreenFresh(firstScreen)],
};

export function App() {
  return (
    <SWRConfig value={swrOptions}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </SWRConfig>
  );
}
