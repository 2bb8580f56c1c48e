import { render, screen, within } from "@testing-library/react";

import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { CareFlags } from "./CareFlags";

// A complete record with nothing to flag but the photo answer, as the roster sends it.
const plain = {
  allergy: null,
  allergies: [],
  medicationAtCamp: false,
  photoConsent: true,
  pickups: [],
  mayLeaveAlone: false,
  complete: true,
  missing: [],
};

function flagsOf(flags) {
  render(<CareFlags flags={{ ...plain, ...flags }} label="Care flags for Mia Lopez" />);
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
