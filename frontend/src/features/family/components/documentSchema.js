import * as yup from "yup";
import { t } from "ttag";

// The files the school takes, read by the server from their bytes; the browser's type, when it
// gives one, catches a wrong file before it is sent.
export const DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"];

export const DOCUMENT_KINDS = [
  { value: "immunisation", label: t`Immunisation record` },
  { value: "action_plan", label: t`Allergy action plan` },
  { value: "doctor_note", label: t`Doctor's note` },
  { value: "other", label: t`Other document` },
];

export function documentKindLabel(kind) {
  return DOCUMENT_KINDS.find((choice) => choice.value === kind)?.label ?? kind;
}

// The upload form's fields, for the server's field errors to find their place.
export const DOCUMENT_FIELDS = ["file", "kind", "expiresOn"];

export const documentMessages = {
  fileRequired: t`Choose the file to upload.`,
  fileType: t`Upload a PDF, PNG or JPEG file.`,
  kindRequired: t`Choose what kind of document it is.`,
  expiresOnPast: t`This date has passed: the document has expired.`,
};

// `today` is the family's own "YYYY-MM-DD"; a date compares as text.
export function documentSchema({ today }) {
  return yup.object({
    file: yup
      .mixed()
      .required(documentMessages.fileRequired)
      .test(
        "document-type",
        documentMessages.fileType,
        (file) => !file?.type || DOCUMENT_TYPES.includes(file.type),
      ),
    kind: yup.string().required(documentMessages.kindRequired),
    expiresOn: yup
      .string()
      .test("not-past", documentMessages.expiresOnPast, (value) => !value || value >= today),
  });
}
