// A phone number as a tel: address: its digits and a leading +, without spaces or dashes.
export function telHref(phone) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
