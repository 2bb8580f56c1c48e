import { classesShown, countsByStatus, statusAsked } from "./classStatuses";

const classes = [
  { _id: 1, status: "Approved" },
  { _id: 2, status: "Pending" },
  { _id: 3, status: "Denied" },
  { _id: 4, status: "Pending" },
  { _id: 5, status: "Withdrawn" },
];

test("All puts the pending classes first, each group in the server's order", () => {
  expect(classesShown(classes, "All").map((c) => c._id)).toEqual([2, 4, 1, 3, 5]);
});

test("a status shows its own classes, and those decided on this view stay", () => {
  expect(classesShown(classes, "Pending").map((c) => c._id)).toEqual([2, 4]);
  expect(classesShown(classes, "Pending", new Set([3])).map((c) => c._id)).toEqual([2, 3, 4]);
  expect(classesShown(classes, "Cancelled")).toEqual([]);
});

test("each filter's count", () => {
  expect(countsByStatus(classes)).toEqual({
    All: 5,
    Pending: 2,
    Approved: 1,
    Denied: 1,
    Withdrawn: 1,
    Cancelled: 0,
  });
});

test("an unknown or missing status in the address means Pending", () => {
  expect(statusAsked(null)).toBe("Pending");
  expect(statusAsked("pending")).toBe("Pending");
  expect(statusAsked("Denied")).toBe("Denied");
  expect(statusAsked("All")).toBe("All");
});
