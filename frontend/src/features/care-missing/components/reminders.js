import { t } from "ttag";

/*
 * Reminding one family, as a small state machine: idle -> sending -> sent | already (the server
 * had reminded them today) | failed, and from failed (only) a new try. The page keeps one state
 * per family, so each of a family's rows shows the same answer.
 */
export const IDLE = { step: "idle" };

export function reminderStep(state, event) {
  switch (event.type) {
    case "send":
      return state.step === "idle" || state.step === "failed" ? { step: "sending" } : state;
    case "answered":
      if (state.step !== "sending") return state;
      return { step: event.sent ? "sent" : "already" };
    case "failed":
      if (state.step !== "sending") return state;
      return { step: "failed", message: event.message };
    default:
      return state;
  }
}

// Whether the family may be reminded from this state.
export function canSend(state) {
  return state.step === "idle" || state.step === "failed";
}

// What the row says beside its button, once it has been pressed.
export function reminderText(state) {
  if (state.step === "sending") return t`Sending…`;
  if (state.step === "sent") return t`Reminder sent`;
  if (state.step === "already") return t`Already reminded today`;
  if (state.step === "failed") return t`The reminder could not be sent. ${state.message}`;
  return "";
}

// The page's reminders, one state per family account: `{accountId, ...event}` moves that one.
export function familyRemindersStep(states, { accountId, ...event }) {
  const was = states[accountId] ?? IDLE;
  const next = reminderStep(was, event);
  return next === was ? states : { ...states, [accountId]: next };
}
