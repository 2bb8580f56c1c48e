import { t } from "ttag";

import { config } from "../config/config";

// Stripe's own address; any other (localstripe's stand-in) is loaded here before loadStripe runs.
const STRIPE_JS_ORIGIN = "https://js.stripe.com/";

function injectScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () =>
      reject(new Error(t`The card form could not be loaded.`)),
    );
    document.head.appendChild(script);
  });
}

let loading = null;

/*
 * The Stripe object for the page's publishable key, loaded once. The library comes in by dynamic
 * import so only the payment page downloads it. "@stripe/stripe-js/pure" injects nothing until
 * asked, and takes the window.Stripe a stand-in script defined instead of fetching Stripe's own.
 */
export function loadStripeJs() {
  if (!loading) {
    const { publishableKey, jsUrl } = config.stripe || {};
    loading = (async () => {
      if (!publishableKey) throw new Error(t`Card payments are not configured.`);
      if (jsUrl && !jsUrl.startsWith(STRIPE_JS_ORIGIN) && !window.Stripe) await injectScript(jsUrl);
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error(t`The card form could not be loaded.`);
      return stripe;
    })();
    // A failed load (offline for a moment) may be tried again on the next visit.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
