/*
 * URL and URLSearchParams, which React Router and the app's own data keys build, from core-js:
 * V8 has neither outside a browser or Node.
 */
import "core-js/actual/url";
import "core-js/actual/url-search-params";

/*
 * What React's server build expects of its platform and V8 alone lacks. Its streaming half,
 * bundled with renderToString, makes a TextEncoder as it loads; renderToString itself writes
 * strings and never calls it.
 */
if (typeof globalThis.TextEncoder === "undefined") {
  globalThis.TextEncoder = class TextEncoder {
    encode(text = "") {
      return Uint8Array.from(unescape(encodeURIComponent(text)), (char) => char.charCodeAt(0));
    }
  };
}

// Its scheduling of streamed work makes a MessageChannel as it loads; renderToString finishes
// in one call and never posts to it.
if (typeof globalThis.MessageChannel === "undefined") {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      this.port1 = { onmessage: null, postMessage: (data) => this.deliver(this.port2, data) };
      this.port2 = { onmessage: null, postMessage: (data) => this.deliver(this.port1, data) };
    }

    deliver(port, data) {
      setTimeout(() => port.onmessage?.({ data }), 0);
    }
  };
}

// React's development build times each component it draws.
if (typeof globalThis.performance === "undefined") {
  const started = Date.now();
  globalThis.performance = { now: () => Date.now() - started };
}
