import * as yup from "yup";

// The server keeps at most 1000 characters of a bio.
export const BIO_MAX_LENGTH = 1000;

export const messages = {
  bioTooLong: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
};

export const profileSchema = yup.object({
  bio: yup.string().max(BIO_MAX_LENGTH, messages.bioTooLong),
});
