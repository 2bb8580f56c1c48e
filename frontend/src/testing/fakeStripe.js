/*
 * Stripe.js is the card provider's code, not ours: the payment page's tests hand it this stand-in
 * (through a mock of loadStripeJs). Its card field is one labelled input; saving the card
 * succeeds unless a test gives its own `confirmCardSetup`.
 */
export function fakeStripe({ confirmCardSetup } = {}) {
  const card = {
    mount: jest.fn((box) => {
      const input = document.createElement("input");
      input.setAttribute("aria-label", "Card number");
      box.appendChild(input);
    }),
    on: jest.fn(),
    destroy: jest.fn(),
  };
  return {
    card,
    elements: jest.fn(() => ({ create: jest.fn(() => card) })),
    confirmCardSetup: jest.fn(
      confirmCardSetup || (async () => ({ setupIntent: { id: "seti_123", status: "succeeded" } })),
    ),
    confirmCardPayment: jest.fn(async () => ({ paymentIntent: { status: "succeeded" } })),
  };
}
