import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import useSWR from "swr";

import { seasonsKey } from "../../../api/seasons";
import { stubApi } from "../../../testing/api";
import { makeClass, makeSeason } from "../../../testing/fixtures";
import { renderWithProviders, signedIn } from "../../../testing/renderWithProviders";
import { ClassesGrid } from "../components/ClassesGrid";
import { selectAvailability } from "../components/selectRules";
import { useClassSelection } from "./useClassSelection";

const summer = [
  makeClass({ nameClass: "Watercolor Basics", seasonId: 3 }),
  makeClass({ nameClass: "Pottery Wheel", seasonId: 3 }),
];

test("the seasons' answer reaches the cards in a later render, not in the one it causes", async () => {
  stubApi({ "/seasons": [makeSeason()] });
  const renders = [];
  function Probe() {
    // The answer as it lands in the cache, beside what the hook hands the cards.
    const { data: answered } = useSWR(seasonsKey);
    const selection = useClassSelection(summer);
    renders.push({ answered, ...selection });
    return null;
  }
  renderWithProviders(<Probe />);

  await waitFor(() => expect(renders.at(-1).seasons).toHaveLength(1));
  const [first] = renders;
  const answeredFirst = renders.find((render) => render.answered !== undefined);
  // The render the answer causes hands the cards what they had: a memoized grid skips them.
  expect(answeredFirst.seasons).toBeUndefined();
  expect(answeredFirst.availabilityOf).toBe(first.availabilityOf);
  // The later render gives them the seasons.
  expect(renders.at(-1).availabilityOf).not.toBe(first.availabilityOf);
  // Select and join stay the same functions throughout.
  for (const render of renders) {
    expect(render.select).toBe(first.select);
    expect(render.joinWaitlist).toBe(first.joinWaitlist);
  }
});

test("a page redrawn around the grid, with the same props, leaves its cards as they are", async () => {
  const user = userEvent.setup();
  const student = signedIn("student");
  const availabilityOf = jest.fn((classItem) =>
    selectAvailability(classItem, { sessionLoading: false, role: "student", visitor: false }),
  );
  function Page() {
    const [presses, setPresses] = useState(0);
    return (
      <>
        <button type="button" onClick={() => setPresses(presses + 1)}>
          {`Pressed ${presses}`}
        </button>
        <ClassesGrid classes={summer} availabilityOf={availabilityOf} />
      </>
    );
  }
  renderWithProviders(<Page />, { auth: student });
  expect(screen.getAllByRole("article")).toHaveLength(2);
  const drawn = availabilityOf.mock.calls.length;

  await user.click(screen.getByRole("button", { name: "Pressed 0" }));

  expect(screen.getByRole("button", { name: "Pressed 1" })).toBeInTheDocument();
  expect(availabilityOf).toHaveBeenCalledTimes(drawn);
});
