import { useField } from "formik";
import { t } from "ttag";

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
        <FormField name="seats" type="number" label={t`Available Seats`} min="0" step="1" />
      </div>
      <div className="col-md-6">
        <FormField name="price" type="number" label={t`Price`} min="0" step="0.01" />
      </div>
    </div>
  );
}

function DescriptionField() {
  const [{ value }] = useField("description");
  const length = value.length;
  return (
    <FormField
      name="description"
      as="textarea"
      label={t`Description`}
      rows={6}
      hint={t`What the class teaches and makes; a blank line starts a new paragraph. ${length} of ${DESCRIPTION_MAX_LENGTH} characters.`}
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
      label={t`Category`}
      emptyLabel={categories || error ? t`Choose a category` : t`Loading categories…`}
      options={options}
      hint={error ? t`The categories could not be loaded. Reload the page to choose one.` : null}
    />
  );
}

// What each camper comes with: the class page and every message about the class show it.
function WhatToBringField() {
  const [{ value }] = useField("whatToBring");
  const length = value.length;
  return (
    <FormField
      name="whatToBring"
      as="textarea"
      label={t`What to bring`}
      rows={3}
      hint={t`Optional. An apron, a water bottle, a packed lunch. ${length} of ${WHAT_TO_BRING_MAX_LENGTH} characters.`}
    />
  );
}

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
            label={t`Level`}
            emptyLabel={t`Choose a level`}
            options={LEVELS.map((level) => ({ value: level.value, label: level.label }))}
          />
        </div>
      </div>
      <FormField name="location" label={t`Location`} hint={t`The room or place the class meets.`} />
      <WhatToBringField />
      <div className="row">
        <div className="col-md-6">
          <FormField
            name="ageMin"
            type="number"
            label={t`Youngest age`}
            min="0"
            step="1"
            hint={t`Optional. 18 and over means adults.`}
          />
        </div>
        <div className="col-md-6">
          <FormField
            name="ageMax"
            type="number"
            label={t`Oldest age`}
            min="0"
            step="1"
            hint={t`Optional. Leave empty for no upper limit.`}
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
      <legend className="float-none w-auto px-2 fs-5 mb-0">{t`Schedule`}</legend>
      <p className="form-text mt-0">
        {t`Dates and times are the school’s. Leave the schedule empty while it is not decided: the class shows “${TO_BE_ANNOUNCED}”.`}
      </p>
      <div className="row">
        <div className="col-md-6">
          <FormField name="startDate" type="date" label={t`Start date`} />
        </div>
        <div className="col-md-6">
          <FormField
            name="endDate"
            type="date"
            label={t`End date`}
            hint={t`Leave empty for a one-day workshop.`}
          />
        </div>
      </div>
      <WeekdaysField
        name="meetingDays"
        legend={t`Meeting days`}
        hint={t`Needed when the class runs over several days.`}
      />
      <div className="row">
        <div className="col-md-6">
          <FormField name="startTime" type="time" label={t`Start time`} />
        </div>
        <div className="col-md-6">
          <FormField name="endTime" type="time" label={t`End time`} />
        </div>
      </div>
      <NoMeetingDatesField
        name="noMeetingDates"
        legend={t`Dates with no meeting`}
        hint={t`Holidays inside the dates, when the class does not meet.`}
      />
      <FormField
        name="registrationClosesAt"
        type="datetime-local"
        label={t`Registration closes at`}
        hint={t`Optional. Defaults to the first meeting's start.`}
      />
    </fieldset>
  );
}
