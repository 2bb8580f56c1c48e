import { unitsByWeek } from "./bookUnits";

describe("unitsByWeek", () => {
  it("groups a series' days by their Monday-to-Sunday week, in order", () => {
    const days = [
      { id: 1, startsOn: "2027-06-28" },
      { id: 2, startsOn: "2027-07-02" },
      { id: 3, startsOn: "2027-07-05" },
      { id: 4, startsOn: "2027-07-11" },
      { id: 5, startsOn: "2027-07-12" },
    ];

    expect(
      unitsByWeek(days).map(({ key, label, units }) => [key, label, units.map((u) => u.id)]),
    ).toEqual([
      ["2027-06-28", "Week of Jun 28", [1, 2]],
      ["2027-07-05", "Week of Jul 5", [3, 4]],
      ["2027-07-12", "Week of Jul 12", [5]],
    ]);
  });
});
