import * as yup from "yup";
import { t } from "ttag";

import { imageMessages, isImageType, isSmallEnough } from "../../../components/forms/imageFiles";

// The server keeps at most 1000 characters of a bio, and 150 of a name (as at registration).
export const BIO_MAX_LENGTH = 1000;
export const NAME_MAX_LENGTH = 150;

export const messages = {
  bioTooLong: t`Bio must be at most ${BIO_MAX_LENGTH} characters`,
  nameRequired: t`Name is required.`,
  nameTooLong: t`Name must be at most ${NAME_MAX_LENGTH} characters.`,
  ...imageMessages,
};

export const profileSchema = yup.object({
  bio: yup.string().max(BIO_MAX_LENGTH, messages.bioTooLong),
});

// Name and photo: a new photo is a file to upload, or nothing to keep the current one.
export const nameAndPhotoSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.nameRequired)
    .max(NAME_MAX_LENGTH, messages.nameTooLong),
  photo: yup
    .mixed()
    .nullable()
    .test("type", messages.imageType, isImageType)
    .test("size", messages.imageTooLarge, isSmallEnough),
});
