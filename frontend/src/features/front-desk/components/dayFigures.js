// The counted money against what the desk recorded: positive when more was counted.
export function countedDifference(takings, countedCash, countedCheques) {
  const counted = Number(countedCash || 0) + Number(countedCheques || 0);
  const recorded = Number(takings.cash) + Number(takings.cheque);
  return Math.round((counted - recorded) * 100) / 100;
}

// Who closed the day, as the server names them (a name, or a person with one).
export function closerName(closedBy) {
  if (closedBy && typeof closedBy === "object") return closedBy.name || closedBy.email || "";
  return closedBy ?? "";
}

// The visitor's calendar date, "YYYY-MM-DD".
export function localToday(now = new Date()) {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}
