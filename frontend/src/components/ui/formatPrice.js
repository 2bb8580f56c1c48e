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
