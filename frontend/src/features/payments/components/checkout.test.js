import { checkoutReducer, isCareIncomplete, PAYING } from "./checkout";

const refused = {
  type: "careIncomplete",
  participantId: 2,
  missing: ["emergencyContacts", "policy:liability-waiver"],
};
const careNeeded = checkoutReducer(PAYING, refused);

test("a care_incomplete refusal asks for what is missing", () => {
  expect(careNeeded).toEqual({
    step: "careNeeded",
    round: 0,
    participantId: 2,
    missing: ["emergencyContacts", "policy:liability-waiver"],
  });
});

test("each thing done leaves what is still missing", () => {
  const signed = checkoutReducer(careNeeded, { type: "policyAccepted", slug: "liability-waiver" });
  expect(signed.missing).toEqual(["emergencyContacts"]);

  // A saved record answers everything it still needs.
  const saved = checkoutReducer(careNeeded, {
    type: "recordChanged",
    missing: ["policy:liability-waiver"],
  });
  expect(saved).toEqual({ ...careNeeded, missing: ["policy:liability-waiver"] });
});

test("once nothing is missing, the payment is opened again", () => {
  const saved = checkoutReducer(careNeeded, {
    type: "recordChanged",
    missing: ["policy:liability-waiver"],
  });
  const done = checkoutReducer(saved, { type: "policyAccepted", slug: "liability-waiver" });

  expect(done).toEqual({ step: "paying", round: 1, careDone: true });
  // A second refusal counts from the round it came in.
  expect(checkoutReducer(done, refused)).toMatchObject({ step: "careNeeded", round: 1 });
});

test("the family may ask to open the payment again themselves", () => {
  expect(checkoutReducer(careNeeded, { type: "retry" })).toEqual({
    step: "paying",
    round: 1,
    careDone: true,
  });
});

test("an event that does not fit the step leaves the state as it is", () => {
  expect(checkoutReducer(PAYING, { type: "retry" })).toBe(PAYING);
  expect(checkoutReducer(PAYING, { type: "recordChanged", missing: [] })).toBe(PAYING);
  expect(checkoutReducer(PAYING, { type: "policyAccepted", slug: "x" })).toBe(PAYING);
  expect(checkoutReducer(careNeeded, refused)).toBe(careNeeded);
  expect(() => checkoutReducer(PAYING, { type: "pay" })).toThrow("Unknown checkout event: pay");
});

test("only the server's care_incomplete conflict counts", () => {
  expect(isCareIncomplete({ status: 409, body: { code: "care_incomplete" } })).toBe(true);
  expect(isCareIncomplete({ status: 409, body: { message: "The class is full." } })).toBe(false);
  expect(isCareIncomplete({ status: 400, body: { code: "care_incomplete" } })).toBe(false);
  expect(isCareIncomplete(new Error("offline"))).toBe(false);
});
