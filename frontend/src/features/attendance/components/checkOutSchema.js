import { object, string } from "yup";

export const CHOOSE_COLLECTOR = "Choose who collected the child.";
export const NAME_NEEDED = "Enter the name of the person who collected the child.";
export const REASON_NEEDED = "Say why someone not on the list may collect the child.";

// An admin letting someone off the list collect the child gives a reason, which is recorded.
export function checkOutSchema({ isAdmin }) {
  const other = (then) => string().when("collector", { is: "other", then, otherwise: (s) => s });
  return object({
    collector: string().required(CHOOSE_COLLECTOR),
    otherName: other((s) => s.trim().required(NAME_NEEDED)),
    overrideReason: isAdmin ? other((s) => s.trim().required(REASON_NEEDED)) : string(),
  });
}
