import { makeCareRecord, makeCompleteCareRecord } from "../../testing/careFixtures";
import { CARE_SECTIONS, sectionDone, sectionsProgress } from "./careSections";

const done = (record) =>
  CARE_SECTIONS.filter((section) => sectionDone(section, record)).map((section) => section.key);

test("a record never saved has no section done", () => {
  expect(done(makeCareRecord())).toEqual([]);
  expect(sectionsProgress(makeCareRecord())).toEqual({ done: 0, total: 4 });
});

test("a section is done once saved and while the server names nothing of it as missing", () => {
  const started = makeCareRecord({
    confirmedAt: new Date().toISOString(),
    missing: ["emergencyContacts", "photoConsent", "policy:liability-waiver"],
  });

  expect(done(started)).toEqual(["health", "pickups"]);
  expect(sectionsProgress(started)).toEqual({ done: 2, total: 4 });
});

test("a complete record has every section done, whatever policy is still to accept", () => {
  const record = makeCompleteCareRecord({ missing: ["policy:photo-policy"], complete: false });

  expect(done(record)).toEqual(["health", "contacts", "pickups", "consent"]);
});
