import { t } from "ttag";

import { frontDeskPaths } from "../../../config/frontDeskPaths";
import { paths } from "../../../config/paths";

// The dashboard pages each role works with.
export const menuByRole = {
  admin: [
    { to: paths.dashboard.allUsers, label: t`Manage Users` },
    { to: paths.dashboard.manageClasses, label: t`Manage Classes` },
    { to: paths.dashboard.today, label: t`Today` },
    { to: paths.dashboard.careMissing, label: t`Missing Care Records` },
    { to: paths.dashboard.incidents, label: t`Incidents` },
    { to: paths.dashboard.artwork, label: t`Artwork` },
    { to: paths.dashboard.attendance, label: t`Attendance` },
    { to: paths.dashboard.reports, label: t`Reports` },
    { to: paths.dashboard.waitingRoom, label: t`Waiting Room` },
    { to: paths.frontDesk, label: t`Front desk`, end: true },
    { to: frontDeskPaths.day, label: t`Day's takings` },
    { to: paths.dashboard.profile, label: t`My Profile` },
  ],
  instructor: [
    { to: paths.dashboard.today, label: t`Today` },
    { to: paths.dashboard.myClasses, label: t`My Classes` },
    { to: paths.dashboard.addClass, label: t`Add a Class` },
    { to: paths.dashboard.profile, label: t`My Profile` },
  ],
  // The office registers families and reads rosters; nothing else of the school's.
  office: [
    { to: paths.frontDesk, label: t`Front desk`, end: true },
    { to: frontDeskPaths.day, label: t`Day's takings` },
    // Each day's classes, each leading to its roster.
    { to: paths.dashboard.attendance, label: t`Rosters` },
    { to: paths.dashboard.profile, label: t`My Profile` },
  ],
  student: [
    { to: paths.dashboard.mySelectedClasses, label: t`My Selected Classes` },
    { to: paths.dashboard.myEnrolledClasses, label: t`My Enrolled Classes` },
    { to: paths.dashboard.myPaymentHistory, label: t`My Payment History` },
    { to: paths.dashboard.waitlist, label: t`My Waitlist` },
    { to: paths.dashboard.family, label: t`My Family` },
    // The dashboard's own page for a family: everything it has to do, from every page above.
    { to: paths.dashboard.root, label: t`To Do`, end: true },
    { to: paths.dashboard.profile, label: t`My Profile` },
  ],
};

export const commonLinks = [
  { to: paths.home, label: t`Home`, end: true },
  { to: paths.instructors, label: t`All Instructors` },
  { to: paths.classes, label: t`All Classes` },
];

export function menuFor(role) {
  return menuByRole[role] || menuByRole.student;
}
