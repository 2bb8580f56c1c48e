import { frontDeskPaths } from "../../../config/frontDeskPaths";
import { paths } from "../../../config/paths";

// The dashboard pages each role works with.
export const menuByRole = {
  admin: [
    { to: paths.dashboard.allUsers, label: "Manage Users" },
    { to: paths.dashboard.manageClasses, label: "Manage Classes" },
    { to: paths.dashboard.today, label: "Today" },
    { to: paths.dashboard.careMissing, label: "Missing Care Records" },
    { to: paths.dashboard.incidents, label: "Incidents" },
    { to: paths.dashboard.artwork, label: "Artwork" },
    { to: paths.dashboard.attendance, label: "Attendance" },
    { to: paths.dashboard.reports, label: "Reports" },
    { to: paths.dashboard.waitingRoom, label: "Waiting Room" },
    { to: paths.frontDesk, label: "Front desk", end: true },
    { to: frontDeskPaths.day, label: "Day's takings" },
    { to: paths.dashboard.profile, label: "My Profile" },
  ],
  instructor: [
    { to: paths.dashboard.today, label: "Today" },
    { to: paths.dashboard.myClasses, label: "My Classes" },
    { to: paths.dashboard.addClass, label: "Add a Class" },
    { to: paths.dashboard.profile, label: "My Profile" },
  ],
  // The office registers families and reads rosters; nothing else of the school's.
  office: [
    { to: paths.frontDesk, label: "Front desk", end: true },
    { to: frontDeskPaths.day, label: "Day's takings" },
    // Each day's classes, each leading to its roster.
    { to: paths.dashboard.attendance, label: "Rosters" },
    { to: paths.dashboard.profile, label: "My Profile" },
  ],
  student: [
    { to: paths.dashboard.mySelectedClasses, label: "My Selected Classes" },
    { to: paths.dashboard.myEnrolledClasses, label: "My Enrolled Classes" },
    { to: paths.dashboard.myPaymentHistory, label: "My Payment History" },
    { to: paths.dashboard.waitlist, label: "My Waitlist" },
    { to: paths.dashboard.family, label: "My Family" },
    // The dashboard's own page for a family: everything it has to do, from every page above.
    { to: paths.dashboard.root, label: "To Do", end: true },
    { to: paths.dashboard.profile, label: "My Profile" },
  ],
};

export const commonLinks = [
  { to: paths.home, label: "Home", end: true },
  { to: paths.instructors, label: "All Instructors" },
  { to: paths.classes, label: "All Classes" },
];

export function menuFor(role) {
  return menuByRole[role] || menuByRole.student;
}
