// Today's answers in the browser tests: a child's line on a meeting's roster, checked in
// 25 minutes ago (relative to the test's clock), and what a device's client id looks like.
const MINUTE = 60 * 1000;

export const MINUTE_MS = MINUTE;

export const inMinutes = (minutes) => new Date(Date.now() + minutes * MINUTE).toISOString();

export const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const makeRosterLine = (overrides) => ({
  status: "present",
  checkedInAt: inMinutes(-25),
  checkedOutAt: null,
  late: false,
  early: false,
  collectedBy: null,
  collectors: [],
  mayLeaveAlone: false,
  lastActionId: 344,
  lastActionBy: "Maya Lindqvist",
  extendedCare: [],
  classesToday: [],
  ...overrides,
});
