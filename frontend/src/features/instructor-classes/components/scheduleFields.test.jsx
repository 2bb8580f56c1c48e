import { render, screen } from "@testing-library/react";
import { Formik } from "formik";

import { NoMeetingDatesField } from "./NoMeetingDatesField";
import { WeekdaysField } from "./WeekdaysField";

function renderInForm(field, { errors = {}, touched = {} } = {}) {
  return render(
    <Formik
      initialValues={{ days: [], noMeetingDates: [] }}
      initialErrors={errors}
      initialTouched={touched}
      onSubmit={() => {}}
    >
      {field}
    </Formik>,
  );
}

test("a weekday fault marks every day invalid and is read with the group", () => {
  renderInForm(<WeekdaysField name="days" legend="Meets on" hint="One or more days." />, {
    errors: { days: "Choose at least one day." },
    touched: { days: true },
  });

  const group = screen.getByRole("group", { name: "Meets on" });
  expect(group).toHaveAccessibleDescription("One or more days. Choose at least one day.");
  for (const day of screen.getAllByRole("checkbox")) {
    expect(day).toHaveAttribute("aria-invalid", "true");
  }
});

test("weekdays not yet visited are not called invalid", () => {
  renderInForm(<WeekdaysField name="days" legend="Meets on" />, {
    errors: { days: "Choose at least one day." },
  });

  for (const day of screen.getAllByRole("checkbox")) {
    expect(day).toHaveAttribute("aria-invalid", "false");
  }
  expect(screen.queryByText("Choose at least one day.")).not.toBeInTheDocument();
});

test("a fault in the dates with no meeting is tied to the date input itself", () => {
  renderInForm(<NoMeetingDatesField name="noMeetingDates" legend="No meeting on" />, {
    errors: { noMeetingDates: "A date with no meeting must fall within the class's dates." },
    touched: { noMeetingDates: true },
  });

  const input = screen.getByLabelText("Date with no meeting");
  expect(input).toHaveAttribute("aria-invalid", "true");
  expect(input).toHaveAccessibleDescription(
    "A date with no meeting must fall within the class's dates.",
  );
});
