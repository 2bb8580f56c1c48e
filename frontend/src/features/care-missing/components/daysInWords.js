// How soon the class first meets: "today", "tomorrow", "in 5 days".
export function daysInWords(days) {
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}
