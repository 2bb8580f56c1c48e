import { t } from "ttag";
import { object, string } from "yup";

// An admin letting someone off the list collect the child gives a reason, which is recorded.
export function checkOutSchema({ isAdmin }) {
  const other = (then) => string().when("collector", { is: "other", then, otherwise: (s) => s });
  const reasonNeeded = t`Say why someone not on the list may collect the child.`;
  return object({
    collector: string().required(t`Choose who collected the child.`),
    otherName: other((s) =>
      s.trim().required(t`Enter the name of the person who collected the child.`),
    ),
    overrideReason: isAdmin ? other((s) => s.trim().required(reasonNeeded)) : string(),
  });
}
