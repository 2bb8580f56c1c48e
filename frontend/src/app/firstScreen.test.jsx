import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";

import { approvedClassesPageKey, useApprovedClasses } from "../api/classes";
import { listPage, stubApi } from "../testing/api";
import { makeClass } from "../testing/fixtures";
import { afterTheNextFrame } from "../testing/frames";
import { APP_DEDUPING_INTERVAL_MS } from "./dataCache";
import { firstScreenCache, firstScreenFresh } from "./firstScreen";

// The all-classes page as the server sends it: its first page, and the list's total.
const firstPage = approvedClassesPageKey(0, null);
const carried = {
  answers: { [firstPage]: [makeClass({ nameClass: "Clay Animals" })] },
  totals: { [firstPage]: 1 },
};

function ClassNames({ onRender }) {
  const { classes, total } = useApprovedClasses({});
  onRender();
  return (
    <p>
      {classes?.map((classItem) => classItem.nameClass).join(", ")} of {total}
    </p>
  );
}

function renderWithFirstScreen(firstScreen, onRender) {
  return render(
    <SWRConfig
      value={{
        dedupingInterval: APP_DEDUPING_INTERVAL_MS,
        provider: () => firstScreenCache(firstScreen),
        use: [firstScreenFresh(firstScreen)],
      }}
    >
      <ClassNames onRender={onRender} />
    </SWRConfig>,
  );
}

test("a paged list the page carries is drawn once, and not asked of the server", async () => {
  const fetch = stubApi({});
  const onRender = jest.fn();

  renderWithFirstScreen(carried, onRender);
  await afterTheNextFrame();

  expect(screen.getByText("Clay Animals of 1")).toBeInTheDocument();
  // Revalidating on mount would draw the list again as it starts and as it ends.
  expect(onRender).toHaveBeenCalledTimes(1);
  expect(fetch).not.toHaveBeenCalled();
});

test("a paged list the page does not carry is asked of the server", async () => {
  const fetch = stubApi({ [firstPage]: listPage([makeClass({ nameClass: "Weaving" })], 1) });

  renderWithFirstScreen({ answers: {}, totals: {} }, jest.fn());

  expect(await screen.findByText("Weaving of 1")).toBeInTheDocument();
  expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api${firstPage}`);
});
