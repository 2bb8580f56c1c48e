import { useEffect, useRef } from "react";
import { t } from "ttag";

export const FALLBACK_FAILURE = t`The payment did not go through. Please try again.`;

/*
 * Why a press of Pay did not go through. The button is off from the press on, which drops the
 * keyboard focus, so each refusal (`answered` counts the answers) takes it. A payment that went
 * through takes the page away from its form: the page announces it.
 */
export function PayFailure({ failure, answered }) {
  const alertRef = useRef(null);
  useEffect(() => {
    if (answered > 0 && failure) alertRef.current?.focus();
    // Only a new answer moves the focus, not a later change of the message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);
  return (
    <div role="alert" className="text-danger-emphasis mt-3" ref={alertRef} tabIndex={-1}>
      {failure}
    </div>
  );
}
