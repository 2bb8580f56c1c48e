import { renderHook, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";

import { fetcher } from "../lib/api";
import { respond, stubApi } from "../testing/api";
import { careKey, fetchCareRecord, useCareRecord } from "./care";

// A fresh cache that retries a failure within milliseconds, so a test sees whether it does.
function wrapper({ children }) {
  return (
    <SWRConfig
      value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, errorRetryInterval: 5 }}
    >
      {children}
    </SWRConfig>
  );
}

function careAsked(fetch) {
  return fetch.mock.calls.filter(([url]) => String(url).endsWith("/participants/7/care")).length;
}

test("one key for the record, whoever reads it, and its fetcher", async () => {
  expect(careKey(7)).toBe("/participants/7/care");
  expect(careKey("a/b")).toBe("/participants/a%2Fb/care");
  const fetch = stubApi({ "/participants/7/care": respond(404, { message: "Not found." }) });
  await expect(fetchCareRecord(7)).rejects.toMatchObject({ status: 404 });
  expect(careAsked(fetch)).toBe(1);
});

test("staff reading a child's record take a 404 as final; the family's page asks again", async () => {
  const fetch = stubApi({ "/participants/7/care": respond(404, { message: "Not found." }) });
  const staff = renderHook(() => useCareRecord("7", { refusalIsFinal: true }), { wrapper });
  await waitFor(() => expect(staff.result.current.error).toMatchObject({ status: 404 }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(careAsked(fetch)).toBe(1);
  staff.unmount();

  fetch.mockClear();
  const family = renderHook(() => useCareRecord("7"), { wrapper });
  await waitFor(() => expect(careAsked(fetch)).toBeGreaterThan(1));
  family.unmount();
});
