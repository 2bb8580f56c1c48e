import { useField } from "formik";

import { FormField } from "../../../components/forms/FormField";
import { SelectField } from "../../../components/forms/SelectField";
import { LEVELS, TO_BE_ANNOUNCED } from "../../../components/ui/schedule";
import { useCategories } from "../../../api/categories";
import { DESCRIPTION_MAX_LENGTH, WHAT_TO_BRING_MAX_LENGTH } from "./classSchema";
import { NoMeetingDatesField } from "./NoMeetingDatesField";
import { WeekdaysField } from "./WeekdaysField";

// What the add and update forms share: the form-wide error and every field of a class but its
// name and picture.
export function FormStatus({ status }) {
  if (!status) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {status}
    </div>
  );
}

export function SeatsAndPriceFields() {
  return (
    <div className="row">
      <div className="col-md-6">
        <FormField name="seats" type="number" label="Available Seats" min="0" step="1" />
      </div>
      <div className="col-md-6">
        <FormField name="price" type="number" label="Price" min="0" step="0.01" />
      </div>
    </div>
  );
}

function DescriptionField() {
  const [{ value }] = useField("description");
  return (
    <FormField
      name="description"
      as="textarea"
      label="Description"
      rows={6}
      hint={`What the class teaches and makes; a blank line starts a new paragraph. ${value.length} of ${DESCRIPTION_MAX_LENGTH} characters.`}
    />
  );
}

/*
 * The categories are the school's list. A class's own category stays a choice while the list
 * loads (or if it failed), so the update form does not show it as unset meanwhile.
 */
function CategoryField({ current }) {
  const { categories, error } = useCategories();
  const options = (categories ?? []).map((category) => ({
    value: category.slug,
    label: category.name,
  }));
  if (current?.value && !options.some((option) => option.value === current.value)) {
    options.unshift(current);
  }
  return (
    <SelectField
      name="category"
      label="Category"
      emptyLabel={categories || error ? "Choose a category" : "Loading categories…"}
      options={options}
      hint={error ? "The categories could not be loaded. Reload the page to choose one." : null}
    />
  );
}

// What each camper comes with: the class page and every message about the class show it.
function WhatToBringField() {
  const [{ value }] = useField("whatToBring");
  return (
    <FormField
      name="whatToBring"
      as="textarea"
      label="What to bring"
      rows={3}
      hint={`Optional. An apron, a water bottle, a packed lunch. ${value.length} of ${WHAT_TO_BRING_MAX_LENGTH} characters.`}
    />
  );
}

const LEVEL_OPTIONS = LEVELS.map((level) => ({ value: level.value, label: level.label }));

// What a family reads to choose the class: its description, category, level, place and ages.
export function ClassDetailsFields({ currentCategory }) {
  return (
    <>
      <DescriptionField />
      <div className="row">
        <div className="col-md-6">
          <CategoryField current={currentCategory} />
        </div>
        <div className="col-md-6">
          <SelectField
            name="level"
            label="Level"
            emptyLabel="Choose a level"
            options={LEVEL_OPTIONS}
          />
        </div>
      </div>
      <FormField name="location" label="Location" hint="The room or place the class meets." />
      <WhatToBringField />
      <div className="row">
        <div className="col-md-6">
          <FormField
            name="ageMin"
            type="number"
            label="Youngest age"
            min="0"
            step="1"
            hint="Optional. 18 and over means adults."
          />
        </div>
        <div className="col-md-6">
          <FormField
            name="ageMax"
            type="number"
            label="Oldest age"
            min="0"
            step="1"
            hint="Optional. Leave empty for no upper limit."
          />
        </div>
      </div>
    </>
  );
}

// When the class meets; left empty, the class shows as to be announced.
export function ScheduleFields() {
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 fs-5 mb-0">Schedule</legend>
      <p className="form-text mt-0">
        Dates and times are the school’s. Leave the schedule empty while it is not decided: the
        class shows “{TO_BE_ANNOUNCED}”.
      </p>
      <div className="row">
        <div className="col-md-6">
          <FormField name="startDate" type="date" label="Start date" />
        </div>
        <div className="col-md-6">
          <FormField
            name="endDate"
            type="date"
            label="End date"
            hint="Leave empty for a one-day workshop."
          />
        </div>
      </div>
      <WeekdaysField
        name="meetingDays"
        legend="Meeting days"
        hint="Needed when the class runs over several days."
      />
      <div className="row">
        <div className="col-md-6">
          <FormField name="startTime" type="time" label="Start time" />
        </div>
        <div className="col-md-6">
          <FormField name="endTime" type="time" label="End time" />
        </div>
      </div>
      <NoMeetingDatesField
        name="noMeetingDates"
        legend="Dates with no meeting"
        hint="Holidays inside the dates, when the class does not meet."
      />
      <FormField
        name="registrationClosesAt"
        type="datetime-local"
        label="Registration closes at"
        hint="Optional. Defaults to the first meeting's start."
      />
    </fieldset>
  );
}
