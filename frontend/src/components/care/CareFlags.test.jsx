import { render, screen, within } from "@testing-library/react";

import { expectNoSeriousA11yViolations } from "../../testing/axe";
import { makeCareFlags } from "../../testing/careFixtures";
import { CareFlags } from "./CareFlags";

function flagsOf(flags) {
  render(<CareFlags flags={makeCareFlags(flags)} label="Care flags for Mia Lopez" />);
  const list = screen.getByRole("list", { name: "Care flags for Mia Lopez" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => item.textContent);
}

test("a complete record with nothing to watch says only that photos are fine", () => {
  expect(flagsOf({})).toEqual(["Photos OK"]);
});

test("an anaphylactic allergy is the EpiPen flag, first, naming the allergies", () => {
  const flags = flagsOf({ allergy: "anaphylactic", allergies: ["Peanuts"] });

  expect(flags).toEqual(["EpiPen: Peanuts (anaphylactic)", "Photos OK"]);
  expect(screen.getByText("EpiPen: Peanuts (anaphylactic)")).toHaveClass(
    "text-bg-danger",
    "care-flag-alarm",
  );
});

test.each([
  [
    "anaphylactic",
    ["Peanuts", "Pollen"],
    "EpiPen: Peanuts, Pollen (at worst anaphylactic)",
    "text-bg-danger",
  ],
  ["severe", ["Eggs", "Milk"], "Allergies: Eggs, Milk (at worst severe)", "text-bg-warning"],
  ["severe", ["Eggs"], "Allergy: Eggs (severe)", "text-bg-warning"],
  ["mild", ["Pollen"], "Allergy: Pollen (mild)", "bg-warning-subtle"],
  ["mild", [], "Allergy (mild)", "bg-warning-subtle"],
])("a most severe allergy %s, of %j, reads %j", (allergy, allergies, text, tone) => {
  expect(flagsOf({ allergy, allergies })[0]).toBe(text);
  const flag = screen.getByText(text);
  expect(flag).toHaveClass(tone);
  // Only the EpiPen flag is the loudest.
  expect(flag.classList.contains("care-flag-alarm")).toBe(allergy === "anaphylactic");
});

test.each([
  [true, "Photos OK"],
  [false, "No photos"],
  [null, "Photo consent not given"],
])("photo consent %j reads %j", (photoConsent, text) => {
  expect(flagsOf({ photoConsent })).toEqual([text]);
});

test("medication, pick-ups, leaving alone and an incomplete record each have their flag", () => {
  expect(
    flagsOf({
      medicationAtCamp: true,
      photoConsent: false,
      pickups: ["Luis Lopez", "Rosa Lopez"],
      mayLeaveAlone: true,
      complete: false,
      missing: ["emergencyContacts"],
    }),
  ).toEqual([
    "Medication at camp",
    "No photos",
    "Pick-up: Luis Lopez, Rosa Lopez",
    "May leave alone",
    "Care record incomplete",
  ]);
});

test("the flags have no serious accessibility problems", async () => {
  flagsOf({ allergy: "anaphylactic", allergies: ["Peanuts"], complete: false });

  await expectNoSeriousA11yViolations();
});

describe("at the door", () => {
  function doorFlagsOf(flags) {
    render(<CareFlags flags={makeCareFlags(flags)} label="Care flags for Mia Lopez" atTheDoor />);
    const list = screen.queryByRole("list", { name: "Care flags for Mia Lopez" });
    return list
      ? within(list)
          .getAllByRole("listitem")
          .map((item) => item.textContent)
      : null;
  }

  test("only the allergy, medication and no photos show, in the roster's words", () => {
    expect(
      doorFlagsOf({
        allergy: "anaphylactic",
        allergies: ["Peanuts", "Pollen"],
        medicationAtCamp: true,
        photoConsent: false,
        pickups: ["Luis Lopez"],
        mayLeaveAlone: true,
        complete: false,
      }),
    ).toEqual([
      "EpiPen: Peanuts, Pollen (at worst anaphylactic)",
      "Medication at camp",
      "No photos",
    ]);
    expect(screen.getByText("EpiPen: Peanuts, Pollen (at worst anaphylactic)")).toHaveClass(
      "text-bg-danger",
    );
  });

  test.each([
    ["photos allowed", { photoConsent: true }],
    ["photo consent not given", { photoConsent: null }],
    [
      "pick-ups, leaving alone and an incomplete record",
      { pickups: ["Luis Lopez"], mayLeaveAlone: true, complete: false },
    ],
  ])("a child with nothing to watch but %s has no flags at all", (_, flags) => {
    expect(doorFlagsOf(flags)).toBeNull();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  test("a mild allergy alone is the one flag", () => {
    expect(doorFlagsOf({ allergy: "mild", allergies: ["Pollen"], mayLeaveAlone: true })).toEqual([
      "Allergy: Pollen (mild)",
    ]);
  });
});
