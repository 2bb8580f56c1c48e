/*
 * Prices arrive as JSON numbers of whole cents (45.5) and are shown in dollars with cents
 * ("$45.50", "$1,250.00"). Written out rather than with Intl.NumberFormat: cards on the first
 * screen show prices, and making a formatter loads the browser's locale data, a cost a phone
 * feels before the page can answer a tap.
 */
export function formatPrice(amount) {
  const value = Number(amount);
  const cents = Math.round(Math.abs(value) * 100);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 && cents > 0 ? "-" : "";
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/*
 * A change to an amount, always signed: "+$5.00", "−$12.00" (a minus sign, as the history's
 * refunds read), "$0.00". For a discount beside its price, or an entry of account credit.
 */
export function formatPriceChange(amount) {
  const shown = formatPrice(Math.abs(Number(amount)));
  if (shown === "$0.00") return shown;
  return `${Number(amount) < 0 ? "−" : "+"}${shown}`;
}
