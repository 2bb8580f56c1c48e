import { loadStripeJs } from "../../../lib/loadStripeJs";

/*
 * A charge our server makes, through the bank's 3-D Secure when it asks for it: `charge({})` is
 * asked first; a 402 with `requiresAction` has the cardholder confirm it with Stripe.js
 * (confirmCardPayment), then `charge({paymentIntentId})` asks the server to settle that same
 * PaymentIntent. Whatever the cardholder told their bank, the server then asks Stripe how the
 * charge stands. Any other refusal is thrown as it came.
 */
export async function withBankConfirmation(charge) {
  try {
    return await charge({});
  } catch (error) {
    if (error.status !== 402 || !error.body?.requiresAction) throw error;
    const stripe = await loadStripeJs();
    await stripe.confirmCardPayment(error.body.clientSecret);
    return charge({ paymentIntentId: error.body.paymentIntentId });
  }
}
