// What POST /images keeps (classes/images.py): the browser says so before the upload.
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const imageMessages = {
  imageType: "Choose a JPEG, PNG, WebP or GIF image",
  imageTooLarge: "The image is larger than 5 MB.",
};

export function isImageType(file) {
  return !file || IMAGE_TYPES.includes(file.type);
}

export function isSmallEnough(file) {
  return !file || file.size <= MAX_IMAGE_BYTES;
}
