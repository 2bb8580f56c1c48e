import { t } from "ttag";
import * as yup from "yup";

// What the server refuses (lottery/services.py), said before anything is sent.
export const messages = {
  codeRequired: t`Enter their family's code.`,
  noChildren: t`Name one or more of your children with wishes for this season.`,
};

const childIds = yup.array().of(yup.number()).min(1, messages.noChildren);

// Asking a family: its code, and one or more of our children with wishes.
export const askSchema = yup.object({
  code: yup.string().trim().required(messages.codeRequired),
  childIds,
});

// Saying yes to a family's invitation: one or more of our children with wishes.
export const confirmSchema = yup.object({ childIds });
