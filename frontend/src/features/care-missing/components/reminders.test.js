import { IDLE, canSend, familyRemindersStep, reminderStep, reminderText } from "./reminders";

const sending = { step: "sending" };

test("a reminder is sent from idle, and the server's two answers end it", () => {
  expect(reminderStep(IDLE, { type: "send" })).toEqual(sending);
  expect(reminderStep(sending, { type: "answered", sent: true })).toEqual({ step: "sent" });
  expect(reminderStep(sending, { type: "answered", sent: false })).toEqual({ step: "already" });
});

test("a failed reminder may be tried again; a sent one may not", () => {
  const failed = reminderStep(sending, { type: "failed", message: "Try again later." });
  expect(failed).toEqual({ step: "failed", message: "Try again later." });
  expect(canSend(failed)).toBe(true);
  expect(reminderStep(failed, { type: "send" })).toEqual(sending);

  for (const done of [{ step: "sent" }, { step: "already" }, sending]) {
    expect(canSend(done)).toBe(false);
    expect(reminderStep(done, { type: "send" })).toBe(done);
  }
});

test("an answer with nothing on its way changes nothing", () => {
  expect(reminderStep(IDLE, { type: "answered", sent: true })).toBe(IDLE);
  expect(reminderStep(IDLE, { type: "failed", message: "No." })).toBe(IDLE);
  expect(reminderStep({ step: "sent" }, { type: "failed", message: "No." })).toEqual({
    step: "sent",
  });
});

test("each state says what happened", () => {
  expect(reminderText(IDLE)).toBe("");
  expect(reminderText(sending)).toBe("Sending…");
  expect(reminderText({ step: "sent" })).toBe("Reminder sent");
  expect(reminderText({ step: "already" })).toBe("Already reminded today");
  expect(reminderText({ step: "failed", message: "Try again later." })).toBe(
    "The reminder could not be sent. Try again later.",
  );
});

test("the page keeps one state per family", () => {
  let states = {};
  states = familyRemindersStep(states, { accountId: 4, type: "send" });
  states = familyRemindersStep(states, { accountId: 9, type: "send" });
  states = familyRemindersStep(states, { accountId: 4, type: "answered", sent: false });

  expect(states).toEqual({ 4: { step: "already" }, 9: sending });
  expect(familyRemindersStep(states, { accountId: 4, type: "send" })).toBe(states);
});
