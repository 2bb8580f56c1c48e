import useSWR from "swr";

// GET /checkouts/:id/receipt: a paid checkout's one receipt, for the family that paid it (and
// admins); a checkout not paid yet has none (404).

export function checkoutReceiptKey(checkoutId) {
  return `/checkouts/${encodeURIComponent(checkoutId)}/receipt`;
}

/*
 * {id, reference ("Checkout #12"), paidAt, total (charged to the card, once for every line),
 * credit, email, studentName, timeZone, school ({name, replyTo}), refundPolicy, lines}; each line
 * {id, paymentId, participantId, participantName, classId, nameClass, instructorName, location,
 * meetingDays, startTime, endTime, meetings, listPrice, adjustments, price (a plan's deposit),
 * planLabel, instalments, status, refundReason}.
 */
export function useCheckoutReceipt(checkoutId) {
  return useSWR(checkoutId ? checkoutReceiptKey(checkoutId) : null);
}
