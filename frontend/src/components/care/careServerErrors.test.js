import { ApiError } from "../../lib/api";
import { careServerErrors } from "./careServerErrors";

function refusal(errors, message = "Some of the input cannot be used.") {
  return new ApiError(400, { message, errors });
}

test("a row's message goes beside its field, the doctor's beside the doctor's", () => {
  const { errors, formError } = careServerErrors(
    refusal({
      emergencyContacts: [
        "Item 2: phone: Enter a valid phone number, with its area code.",
        "Item 3: relationship: Ensure this field has no more than 60 characters.",
      ],
      doctor: ["phone: Enter a valid phone number, with its area code."],
      mayLeaveAlone: ["A child may leave on their own from the age of 12."],
    }),
  );

  expect(errors).toEqual({
    emergencyContacts: [
      undefined,
      { phone: "Enter a valid phone number, with its area code." },
      { relationship: "Ensure this field has no more than 60 characters." },
    ],
    doctor: { phone: "Enter a valid phone number, with its area code." },
    mayLeaveAlone: "A child may leave on their own from the age of 12.",
  });
  expect(formError).toBe("");
});

test("a message about the whole list stays beside the list", () => {
  const { errors } = careServerErrors(
    refusal({ pickups: ["Ensure this field has no more than 10 elements."] }),
  );

  expect(errors).toEqual({ pickups: "Ensure this field has no more than 10 elements." });
});

test("a field the form lacks, or no field at all, is said above the form", () => {
  expect(careServerErrors(refusal({ participant: ["No such child."] })).formError).toBe(
    "No such child.",
  );
  expect(careServerErrors(new ApiError(503, null)).formError).toBe(
    "The site is busy right now. Please try again in a moment.",
  );
});
