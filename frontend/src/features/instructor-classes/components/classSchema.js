import * as yup from "yup";

// Spec section 9; the server's limits (seats an integer column, price 8 digits with 2 decimals).
export const CLASS_NAME_MAX_LENGTH = 40;
export const MAX_SEATS = 2147483647;
export const MAX_PRICE = 999999.99;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
// The server refuses larger banners; saying so here saves the upload.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const messages = {
  nameRequired: "Class Name - is required",
  nameTooLong: `Class Name must be at most ${CLASS_NAME_MAX_LENGTH} characters`,
  seatsRequired: "Available Seats - is required",
  seatsNotNumber: "Available Seats must be a number",
  seatsNotWhole: "Available Seats must be a whole number",
  seatsNegative: "Available Seats cannot be negative",
  seatsTooMany: `Available Seats must be at most ${MAX_SEATS}`,
  priceRequired: "Price - is required",
  priceNotNumber: "Price must be a number",
  priceNegative: "Price cannot be negative",
  priceTooPrecise: "Price can have at most 2 decimal places",
  priceTooHigh: "Price must be at most $999,999.99",
  imageRequired: "Class Image - is required",
  imageType: "Choose a JPEG, PNG, WebP or GIF image",
  imageTooLarge: "The image is larger than 5 MB.",
  imageUrlRequired: "Image URL - is required",
  imageUrlInvalid: "Enter a valid image URL, starting with https:// or /",
};

export const nameClassSchema = yup
  .string()
  .trim()
  .required(messages.nameRequired)
  .max(CLASS_NAME_MAX_LENGTH, messages.nameTooLong);

// Number inputs hand Formik a number, or "" when empty (which Formik validates as undefined).
export const seatsSchema = yup
  .number()
  .typeError(messages.seatsNotNumber)
  .required(messages.seatsRequired)
  .integer(messages.seatsNotWhole)
  .min(0, messages.seatsNegative)
  .max(MAX_SEATS, messages.seatsTooMany);

// Dollars and cents: 19.99 passes, 19.999 does not.
function hasAtMostTwoDecimals(value) {
  return value === undefined || /^\d+(\.\d{1,2})?$/.test(String(value));
}

export const priceSchema = yup
  .number()
  .typeError(messages.priceNotNumber)
  .required(messages.priceRequired)
  .min(0, messages.priceNegative)
  .max(MAX_PRICE, messages.priceTooHigh)
  .test("cents", messages.priceTooPrecise, hasAtMostTwoDecimals);

// The server takes a web address or a path on this site (where uploaded banners live).
function isImageUrl(value) {
  if (!value) return true;
  if (value.startsWith("/") && !value.startsWith("//")) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const addClassSchema = yup.object({
  nameClass: nameClassSchema,
  seats: seatsSchema,
  price: priceSchema,
  image: yup
    .mixed()
    .required(messages.imageRequired)
    .test("type", messages.imageType, (file) => !file || IMAGE_TYPES.includes(file.type))
    .test("size", messages.imageTooLarge, (file) => !file || file.size <= MAX_IMAGE_BYTES),
});

export const updateClassSchema = yup.object({
  nameClass: nameClassSchema,
  seats: seatsSchema,
  price: priceSchema,
  image: yup
    .string()
    .trim()
    .required(messages.imageUrlRequired)
    .max(1000, messages.imageUrlInvalid)
    .test("image-url", messages.imageUrlInvalid, isImageUrl),
});
