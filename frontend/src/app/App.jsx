import { RouterProvider } from "react-router-dom";
import { SWRConfig } from "swr";

import { fetcher } from "../lib/api";
import { AppProviders } from "./providers";
import { router } from "./router";

// Data cache defaults from the spec: 5 minutes, 3 retries.
const swrOptions = {
  fetcher,
  dedupingInterval: 5 * 60 * 1000,
  errorRetryCount: 3,
  revalidateOnFocus: false,
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
