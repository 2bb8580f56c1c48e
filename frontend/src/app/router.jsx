import { Suspense, lazy } from "react";
import { Navigate, matchRoutes, useLocation, useParams, useRoutes } from "react-router-dom";

import { MainLayout } from "../components/layout/MainLayout";
import { paths } from "../config/paths";
import {
  AdminRoute,
  InstructorOrAdminRoute,
  InstructorRoute,
  OfficeOrAdminRoute,
  PrivateRoute,
  RosterRoute,
} from "../lib/auth";
import { LoadingBar } from "../components/ui/LoadingBar";
import { DashboardHome } from "../features/dashboard/routes/DashboardHome";
import { InstructorsPage } from "../features/instructors/routes/InstructorsPage";
import { useScrollRestoration } from "../hooks/useScrollRestoration";
import { ErrorPage, RouteErrorBoundary } from "./ErrorPage";
import { WaitingRoomGate } from "./waitingRoom";

/*
 * A route module downloaded on first visit, so the public pages do not carry it. Once `preload`
 * has brought it (preloadRoute), React has it at its first render, without waiting a turn.
 */
function lazyPage(load, name) {
  let loaded = null;
  const fetchPage = async () => {
    loaded = { default: (await load())[name] };
    return loaded;
  };
  // A thenable already settled: React.lazy takes its module on the spot.
  const Page = lazy(() => (loaded ? { then: (resolve) => resolve(loaded) } : fetchPage()));
  Page.preload = fetchPage;
  return <Page />;
}

// The dashboard's frame (menu and page), for the family's and staff's pages and the front desk's.
const dashboardFrame = lazyPage(
  () => import(/* webpackChunkName: "dashboard" */ "../features/dashboard/routes/DashboardLayout"),
  "DashboardLayout",
);

// The balance's address in the e-mail, kept short; the page lives in the dashboard.
function BalanceLink() {
  const { enrolmentId } = useParams();
  return <Navigate to={paths.dashboard.balance(enrolmentId)} replace />;
}

export const routes = [
  {
    path: paths.home,
    element: <MainLayout />,
    children: [
      // Home and All Classes come in chunks of their own, which the server asks for beside the
      // entry (camp/views.py): the other pages' first load does not carry them.
      {
        index: true,
        element: lazyPage(
          () => import(/* webpackChunkName: "home" */ "../features/home/routes/HomePage"),
          "HomePage",
        ),
      },
      { path: paths.instructors, element: <InstructorsPage /> },
      {
        path: paths.instructorPage(":id"),
        element: lazyPage(
          () =>
            import(
              /* webpackChunkName: "instructor" */ "../features/instructors/routes/InstructorPage"
            ),
          "InstructorPage",
        ),
      },
      {
        path: paths.classes,
        element: lazyPage(
          () => import(/* webpackChunkName: "classes" */ "../features/classes/routes/ClassesPage"),
          "ClassesPage",
        ),
      },
      {
        path: paths.gallery,
        element: lazyPage(
          () => import(/* webpackChunkName: "gallery" */ "../features/gallery/routes/GalleryPage"),
          "GalleryPage",
        ),
      },
      {
        path: paths.classPage(":id"),
        element: lazyPage(
          () => import(/* webpackChunkName: "class" */ "../features/classes/routes/ClassPage"),
          "ClassPage",
        ),
      },
      // Sign-in carries the form libraries; a visitor who only browses never downloads them.
      {
        path: paths.login,
        element: lazyPage(
          () => import(/* webpackChunkName: "sign-in" */ "../features/auth/routes/LoginPage"),
          "LoginPage",
        ),
      },
      {
        path: paths.register,
        element: lazyPage(
          () => import(/* webpackChunkName: "sign-in" */ "../features/auth/routes/RegisterPage"),
          "RegisterPage",
        ),
      },
      {
        path: paths.forgotPassword,
        element: lazyPage(
          () =>
            import(
              /* webpackChunkName: "forgot-password" */ "../features/auth/routes/ForgotPasswordPage"
            ),
          "ForgotPasswordPage",
        ),
      },
      // The opening morning's line: only families sent to it download it.
      {
        path: paths.waitingRoom,
        element: lazyPage(
          () =>
            import(
              /* webpackChunkName: "waiting-room" */ "../features/waiting-room/routes/WaitingRoomPage"
            ),
          "WaitingRoomPage",
        ),
      },
      // A lottery season's draw, for anyone to check: reached from the season's notice.
      {
        path: paths.seasonDraw(":seasonId"),
        element: lazyPage(
          () =>
            import(/* webpackChunkName: "lottery-draw" */ "../features/lottery/routes/DrawPage"),
          "DrawPage",
        ),
      },
      // Reached from an announcement e-mail only, signed in or not.
      {
        path: paths.unsubscribe(":token"),
        element: lazyPage(
          () =>
            import(
              /* webpackChunkName: "unsubscribe" */ "../features/unsubscribe/routes/UnsubscribePage"
            ),
          "UnsubscribePage",
        ),
      },
      // The school's own pages, from the footer: read by few visitors, so loaded on demand.
      // Contact is a form, a chunk of its own: the others do not carry the form library.
      {
        path: paths.contact,
        element: lazyPage(
          () => import(/* webpackChunkName: "contact" */ "../features/pages/routes/ContactPage"),
          "ContactPage",
        ),
      },
      ...[
        [paths.about, "AboutPage"],
        [paths.terms, "TermsPage"],
        [paths.privacy, "PrivacyPage"],
        [paths.cookies, "CookiesPage"],
        [paths.accessibility, "AccessibilityPage"],
      ].map(([path, name]) => ({
        path,
        element: lazyPage(
          () =>
            import(/* webpackChunkName: "school-pages" */ "../features/pages/routes/SchoolPages"),
          name,
        ),
      })),
    ],
  },
  {
    // The guards are small and load with the app; the dashboard's pages load when visited.
    path: paths.dashboard.root,
    element: <PrivateRoute pending={<LoadingBar />} />,
    children: [
      {
        element: dashboardFrame,
        children: [
          { index: true, element: <DashboardHome /> },
          {
            element: <AdminRoute pending={<LoadingBar />} />,
            children: [
              {
                path: paths.dashboard.allUsers,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "manage-users" */ "../features/users/routes/ManageUsersPage"
                    ),
                  "ManageUsersPage",
                ),
              },
              {
                path: paths.dashboard.manageClasses,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "manage-classes" */ "../features/manage-classes/routes/ManageClassesPage"
                    ),
                  "ManageClassesPage",
                ),
              },
              {
                path: paths.dashboard.careMissing,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "care-missing" */ "../features/care-missing/routes/CareMissingPage"
                    ),
                  "CareMissingPage",
                ),
              },
              {
                path: paths.dashboard.incidents,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "incidents" */ "../features/incidents/routes/IncidentsPage"
                    ),
                  "IncidentsPage",
                ),
              },
              {
                path: paths.dashboard.artwork,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "artwork" */ "../features/artwork/routes/ArtworkPage"
                    ),
                  "ArtworkPage",
                ),
              },
              {
                // Its own chunk carries the chart library: no one but an admin downloads it.
                path: paths.dashboard.reports,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "reports" */ "../features/reports/routes/ReportsPage"
                    ),
                  "ReportsPage",
                ),
              },
              {
                path: paths.dashboard.waitingRoom,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "waiting-room-live" */ "../features/waiting-room-admin/routes/WaitingRoomLivePage"
                    ),
                  "WaitingRoomLivePage",
                ),
              },
            ],
          },
          {
            element: <InstructorRoute pending={<LoadingBar />} />,
            children: [
              {
                path: paths.dashboard.myClasses,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "my-classes" */ "../features/instructor-classes/routes/MyClassesPage"
                    ),
                  "MyClassesPage",
                ),
              },
              {
                path: paths.dashboard.addClass,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "add-class" */ "../features/instructor-classes/routes/AddClassPage"
                    ),
                  "AddClassPage",
                ),
              },
              {
                path: paths.dashboard.updateClass(":id"),
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "update-class" */ "../features/instructor-classes/routes/UpdateClassPage"
                    ),
                  "UpdateClassPage",
                ),
              },
            ],
          },
          {
            // The office reads the day's attendance as admins do. (The session is open here: a
            // guard inside the dashboard has nothing to wait for.)
            path: paths.dashboard.attendance,
            element: (
              <OfficeOrAdminRoute>
                {lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "attendance-admin" */ "../features/attendance-admin/routes/AttendancePage"
                    ),
                  "AttendancePage",
                )}
              </OfficeOrAdminRoute>
            ),
          },
          {
            // A class's roster: its instructor, admins and the office (from the attendance page).
            path: paths.dashboard.classRoster(":id"),
            element: (
              <RosterRoute>
                {lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "class-roster" */ "../features/instructor-classes/routes/ClassRosterPage"
                    ),
                  "ClassRosterPage",
                )}
              </RosterRoute>
            ),
          },
          {
            // The class's instructor and the admins; the server refuses anyone else's class.
            element: <InstructorOrAdminRoute pending={<LoadingBar />} />,
            children: [
              {
                // Its own chunk: taken on a phone at the door, it loads nothing else's code.
                path: paths.dashboard.today,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "today" */ "../features/attendance/routes/TodayPage"
                    ),
                  "TodayPage",
                ),
              },
              {
                path: paths.dashboard.classMessages(":id"),
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "message-families" */ "../features/instructor-classes/routes/ClassMessagesPage"
                    ),
                  "ClassMessagesPage",
                ),
              },
              {
                path: paths.dashboard.participantCare(":classId", ":participantId"),
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "participant-care" */ "../features/instructor-classes/routes/ParticipantCarePage"
                    ),
                  "ParticipantCarePage",
                ),
              },
            ],
          },
          // Everyone's own name and photo (and an instructor's bio).
          {
            path: paths.dashboard.profile,
            element: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-profile" */ "../features/profile/routes/MyProfilePage"
                ),
              "MyProfilePage",
            ),
          },
          // Student pages need nothing beyond login (spec section 6); on an opening morning those
          // that register wait for the family's turn in the line first.
          {
            element: <WaitingRoomGate pending={<LoadingBar />} />,
            children: [
              {
                path: paths.dashboard.mySelectedClasses,
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "my-selected-classes" */ "../features/selections/routes/MySelectedClassesPage"
                    ),
                  "MySelectedClassesPage",
                ),
              },
              {
                path: paths.dashboard.payment(":id"),
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "payment" */ "../features/payments/routes/PaymentPage"
                    ),
                  "PaymentPage",
                ),
              },
              {
                // In the payment page's chunk: both take the card with Stripe.js.
                path: paths.dashboard.checkout(":id"),
                element: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "payment" */ "../features/payments/routes/CheckoutPage"
                    ),
                  "CheckoutPage",
                ),
              },
            ],
          },
          {
            path: paths.dashboard.myEnrolledClasses,
            element: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-enrolled-classes" */ "../features/payments/routes/MyEnrolledClassesPage"
                ),
              "MyEnrolledClassesPage",
            ),
          },
          {
            path: paths.dashboard.myPaymentHistory,
            element: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-payment-history" */ "../features/payments/routes/MyPaymentHistoryPage"
                ),
              "MyPaymentHistoryPage",
            ),
          },
          {
            // The account that paid, or an admin; the server answers anyone else "not found".
            path: paths.dashboard.receipt(":paymentId"),
            element: lazyPage(
              () =>
                import(/* webpackChunkName: "receipt" */ "../features/payments/routes/ReceiptPage"),
              "ReceiptPage",
            ),
          },
          {
            // The family that paid, or an admin; the server answers anyone else "not found".
            path: paths.dashboard.checkoutReceipt(":checkoutId"),
            element: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "receipt" */ "../features/payments/routes/CheckoutReceiptPage"
                ),
              "CheckoutReceiptPage",
            ),
          },
          {
            // In the payment page's chunk: paying with another card takes it with Stripe.js.
            path: paths.dashboard.balance(":enrolmentId"),
            element: lazyPage(
              () =>
                import(/* webpackChunkName: "payment" */ "../features/payments/routes/BalancePage"),
              "BalancePage",
            ),
          },
          {
            path: paths.dashboard.waitlist,
            element: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-waitlist" */ "../features/waitlist/routes/MyWaitlistPage"
                ),
              "MyWaitlistPage",
            ),
          },
          {
            // Reached from a lottery season's notice on the classes: no menu entry of its own.
            path: paths.dashboard.seasonWishes(":seasonId"),
            element: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "lottery-wishes" */ "../features/lottery/routes/WishesPage"
                ),
              "WishesPage",
            ),
          },
          {
            path: paths.dashboard.family,
            element: lazyPage(
              () => import(/* webpackChunkName: "family" */ "../features/family/routes/FamilyPage"),
              "FamilyPage",
            ),
          },
          {
            // In the family pages' chunk: a parent reaches it from My Family.
            path: paths.dashboard.careRecord(":participantId"),
            element: lazyPage(
              () =>
                import(/* webpackChunkName: "family" */ "../features/family/routes/CareRecordPage"),
              "CareRecordPage",
            ),
          },
        ],
      },
    ],
  },
  {
    // The office's own pages (the front desk, the day's takings), in the dashboard's frame.
    path: paths.frontDesk,
    element: <OfficeOrAdminRoute pending={<LoadingBar />} />,
    children: [
      {
        element: dashboardFrame,
        children: [
          ["", "FrontDeskPage"],
          ["day", "DayClosePage"],
        ].map(([path, name]) => ({
          path,
          element: lazyPage(
            () => import(/* webpackChunkName: "front-desk" */ "../features/front-desk/routes"),
            name,
          ),
        })),
      },
    ],
  },
  { path: paths.balanceLink(":enrolmentId"), element: <BalanceLink /> },
  { path: "*", element: <ErrorPage /> },
];

/*
 * The route table drawn by React Router's declarative API: its data router (loaders, actions,
 * lazy route objects) would add about 17 KB gzip to every first load, and the app loads its data
 * with SWR. A page's module arrives through React.lazy; a move between pages is a transition, so
 * the page shown stays until the next one's module is here, and only a first landing on a lazy
 * page shows the loading bar. Anything no route names is the 404 page; an error while drawing a
 * page shows the error page until the next move. The tests draw their own tables with it.
 */
export function RouteTree({ routes: table = routes }) {
  useScrollRestoration();
  const location = useLocation();
  const page = useRoutes(table);
  return (
    <RouteErrorBoundary location={location.pathname}>
      <Suspense fallback={<LoadingBar />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

/*
 * Brings the modules of the pages drawn at `pathname` before the app takes over the HTML the
 * server drew there (src/app/start.jsx). Taken over while its module is still on its way, a page
 * stays the server's HTML until it comes; an answer arriving meanwhile (the waiting room's, the
 * session's) would have React give that HTML up and draw the page anew.
 */
export function preloadRoute(pathname, table = routes) {
  const matched = matchRoutes(table, pathname) ?? [];
  return Promise.all(matched.map(({ route }) => route.element?.type?.preload?.()));
}
