import useSWR from "swr";

/*
 * GET /credit: the family's account credit, {balance, entries: [{amount, reason, at}]}, newest
 * first; an entry's amount is positive when credit was added (a refund taken as credit) and
 * negative when it was spent (at checkout, before the card). Students only.
 */

export const creditKey = "/credit";

export function useCredit() {
  return useSWR(creditKey);
}
