import { localParts } from "../../../components/ui/schedule";

// What the add and update forms hold beyond the spec's four fields, under the API's names.
export const EMPTY_DETAILS = {
  description: "",
  category: "",
  level: "",
  location: "",
  whatToBring: "",
  ageMin: "",
  ageMax: "",
  startDate: "",
  endDate: "",
  meetingDays: [],
  startTime: "",
  endTime: "",
  noMeetingDates: [],
  registrationClosesAt: "",
};

// Every field either form has, for the server's field errors to find their place.
export const CLASS_FIELDS = ["nameClass", "seats", "price", "image", ...Object.keys(EMPTY_DETAILS)];

/*
 * The class's closing time as a datetime-local value, in the school's time, or "" when it only
 * repeats the first meeting's start: that is the server's default, and left unset it follows
 * the schedule when the instructor moves it.
 */
function explicitClosing({ registrationClosesAt, startsAt }) {
  if (!registrationClosesAt) return "";
  if (startsAt && Date.parse(registrationClosesAt) === Date.parse(startsAt)) return "";
  const { date, time } = localParts(registrationClosesAt);
  return `${date}T${time}`;
}

// The form's values for a class as the server sends it; an unset field is an empty input.
export function detailsOf(classItem) {
  return {
    description: classItem.description ?? "",
    category: classItem.category ?? "",
    level: classItem.level ?? "",
    location: classItem.location ?? "",
    whatToBring: classItem.whatToBring ?? "",
    ageMin: classItem.ageMin ?? "",
    ageMax: classItem.ageMax ?? "",
    // A one-day workshop is sent back as it was written: no end date, no weekdays.
    startDate: classItem.startDate ?? "",
    endDate:
      classItem.endDate && classItem.endDate !== classItem.startDate ? classItem.endDate : "",
    meetingDays:
      classItem.endDate && classItem.endDate !== classItem.startDate
        ? (classItem.meetingDays ?? [])
        : [],
    startTime: classItem.startTime ?? "",
    endTime: classItem.endTime ?? "",
    noMeetingDates: classItem.noMeetingDates ?? [],
    registrationClosesAt: explicitClosing(classItem),
  };
}
