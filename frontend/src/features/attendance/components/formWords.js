import { t } from "ttag";

// A text field's refusal past the length the server keeps for it, shared by Today's forms.
export function tooLong(max) {
  return t`Keep this under ${max} characters.`;
}
