import { isPolicyItem, POLICY_PREFIX } from "../../../components/care/missingItems";

/*
 * The payment page's steps, and the only moves between them:
 *
 *   paying  --careIncomplete-->  careNeeded          the server's 409 `care_incomplete`, on
 *                                                    opening the payment or on paying
 *   careNeeded  --recordChanged / policyAccepted-->  careNeeded, with what is still missing
 *   careNeeded  --(nothing missing) / retry-->  paying (the next round: the payment is opened again)
 *
 * `round` counts the openings of the payment: the payment form is drawn afresh for each, and so
 * asks the server again. An event that does not fit the step leaves the state as it is.
 */

export const PAYING = { step: "paying", round: 0, careDone: false };

export function isCareIncomplete(error) {
  return error?.status === 409 && error.body?.code === "care_incomplete";
}

// The family's discounts (a scholarship, a code, credit) leave nothing to charge: no card.
export function isNothingDue(error) {
  return error?.status === 409 && error.body?.code === "nothing_due";
}

function payAgain(state) {
  return { step: "paying", round: state.round + 1, careDone: true };
}

// Once nothing is missing, the payment is opened again.
function withMissing(state, missing) {
  return missing.length === 0 ? payAgain(state) : { ...state, missing };
}

export function checkoutReducer(state, event) {
  switch (event.type) {
    case "careIncomplete":
      if (state.step !== "paying") return state;
      return {
        step: "careNeeded",
        round: state.round,
        participantId: event.participantId,
        missing: event.missing,
      };
    case "recordChanged":
      // A record saved or confirmed answers everything it still needs, its policies included.
      if (state.step !== "careNeeded") return state;
      return withMissing(state, event.missing);
    case "policyAccepted":
      if (state.step !== "careNeeded") return state;
      return withMissing(
        state,
        state.missing.filter((item) => item !== `${POLICY_PREFIX}${event.slug}`),
      );
    case "retry":
      // The family says all is done (done elsewhere, in another tab): the server is asked again.
      if (state.step !== "careNeeded") return state;
      return payAgain(state);
    default:
      throw new Error(`Unknown checkout event: ${event.type}`);
  }
}

// The policies among what is missing, by slug.
export function missingPolicySlugs(missing) {
  return missing.filter(isPolicyItem).map((item) => item.slice(POLICY_PREFIX.length));
}
