import * as yup from "yup";
import { t } from "ttag";

export const messages = {
  signedNameRequired: t`Type your full name to accept.`,
};

// The server checks the name against the account holder's; here only that one is typed.
export const policySignSchema = yup.object({
  signedName: yup.string().trim().required(messages.signedNameRequired),
});
