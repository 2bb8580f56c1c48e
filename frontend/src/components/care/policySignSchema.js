import * as yup from "yup";

export const messages = {
  signedNameRequired: "Type your full name to accept.",
};

// The server checks the name against the account holder's; here only that one is typed.
export const policySignSchema = yup.object({
  signedName: yup.string().trim().required(messages.signedNameRequired),
});
