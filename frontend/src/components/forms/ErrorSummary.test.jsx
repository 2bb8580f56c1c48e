import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, Formik } from "formik";
import * as yup from "yup";

import { ApiError } from "../../lib/api";
import { FormErrorSummary, requestProblems } from "./ErrorSummary";
import { FormField } from "./FormField";

const schema = yup.object({ promoCode: yup.string().required("Enter a code.") });

// A long form's Save at the bottom: the summary at its top is where the reader is taken.
function renderForm(onSubmit) {
  render(
    <Formik
      initialValues={{ promoCode: "" }}
      validationSchema={schema}
      validateOnBlur={false}
      onSubmit={onSubmit}
    >
      <Form noValidate aria-label="Code">
        <FormErrorSummary />
        <FormField name="promoCode" label="Promo code" />
        <button type="submit">Save</button>
      </Form>
    </Formik>,
  );
  return userEvent.setup();
}

test("the browser's refusal moves the focus to the summary, whose link goes to the field", async () => {
  const onSubmit = jest.fn();
  const user = renderForm(onSubmit);

  await user.click(screen.getByRole("button", { name: "Save" }));

  const summary = await screen.findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveAccessibleName("There is a problem");
  expect(summary).toHaveTextContent("Promo code: Enter a code.");
  await user.click(within(summary).getByRole("link", { name: "Promo code: Enter a code." }));
  expect(screen.getByLabelText("Promo code")).toHaveFocus();
  expect(onSubmit).not.toHaveBeenCalled();
});

test("the server's refusal moves the focus there too, in the family's words", async () => {
  const user = renderForm(async (_values, { setErrors }) => {
    const refused = new ApiError(400, {
      message: "Please check these fields: promoCode.",
      errors: { promoCode: ["No such code."] },
    });
    setErrors({ promoCode: refused.fieldErrors.promoCode[0] });
  });

  // Sent with Enter from the field: the summary takes the focus from it, and keeps its words.
  await user.type(screen.getByLabelText("Promo code"), "NOPE{Enter}");

  const summary = await screen.findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(summary).toHaveTextContent("Promo code: No such code.");
  expect(summary).not.toHaveTextContent("promoCode");
  await user.click(within(summary).getByRole("link"));
  expect(screen.getByLabelText("Promo code")).toHaveFocus();
});

test("putting a field right does not move the focus, and a right form shows no summary", async () => {
  const user = renderForm(jest.fn());

  await user.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
  await user.type(screen.getByLabelText("Promo code"), "W");

  expect(screen.getByLabelText("Promo code")).toHaveFocus();
  expect(screen.queryByRole("alert")).toBeNull();
});

test("a refusal that names no field of the form is a line of its own, never an API name", () => {
  const refused = new ApiError(400, {
    message: "Please check these fields: items.",
    errors: { items: ["Mia Lopez, Pottery Wheel: This class is full."] },
  });

  expect(requestProblems(refused, ["promoCode"])).toEqual([
    { field: undefined, label: null, message: "Mia Lopez, Pottery Wheel: This class is full." },
  ]);
  expect(requestProblems(new ApiError(409, { message: "Full." }))).toEqual([{ message: "Full." }]);
});
