import { t } from "ttag";

// 12345 -> "12,345".
export function formatCount(count) {
  return String(Math.round(Number(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// 0.955 -> "95.5%", 1 -> "100%"; no rate (nothing recorded) -> "No record".
export function formatRate(rate) {
  if (rate == null) return t`No record`;
  return `${(Number(rate) * 100).toFixed(1).replace(/\.0$/, "")}%`;
}
