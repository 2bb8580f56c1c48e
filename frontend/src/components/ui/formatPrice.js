const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

// Prices arrive as JSON numbers (45.5) and are shown in dollars with cents ("$45.50").
export function formatPrice(amount) {
  return dollars.format(Number(amount));
}
