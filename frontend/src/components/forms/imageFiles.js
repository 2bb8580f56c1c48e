import { t } from "ttag";

// What POST /images keeps (classes/images.py): the browser says so before the upload.
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageMessages = {
  imageType: t`Choose a JPEG, PNG, WebP or GIF image`,
  imageTooLarge: t`The image is larger than 5 MB.`,
};

// Only a chosen file is checked: an address is a picture already saved, which the form keeps.
function isFile(image) {
  return typeof image === "object" && image !== null;
}

export function isImageType(image) {
  return !isFile(image) || IMAGE_TYPES.includes(image.type);
}

export function isSmallEnough(image) {
  return !isFile(image) || image.size <= MAX_IMAGE_BYTES;
}
