import { createBrowserRouter } from "react-router-dom";

import { MainLayout } from "../components/layout/MainLayout";
import { paths } from "../config/paths";
import { ClassesPage } from "../features/classes/routes/ClassesPage";
import { AdminRoute, InstructorOrAdminRoute, InstructorRoute, PrivateRoute } from "../lib/auth";
import { LoadingBar } from "../components/ui/LoadingBar";
import { DashboardHome } from "../features/dashboard/routes/DashboardHome";
import { HomePage } from "../features/home/routes/HomePage";
import { InstructorsPage } from "../features/instructors/routes/InstructorsPage";
import { ErrorPage } from "./ErrorPage";

// A route module downloaded on first visit, so the public pages do not carry it.
function lazyPage(load, name) {
  return async () => ({ Component: (await load())[name] });
}

export const routes = [
  {
    path: paths.home,
    element: <MainLayout />,
    errorElement: <ErrorPage />,
    // On a direct landing on a page loaded on first visit, shown while that page arrives.
    hydrateFallbackElement: <LoadingBar />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.instructors, element: <InstructorsPage /> },
      {
        path: paths.instructorPage(":id"),
        lazy: lazyPage(
          () =>
            import(
              /* webpackChunkName: "instructor" */ "../features/instructors/routes/InstructorPage"
            ),
          "InstructorPage",
        ),
      },
      { path: paths.classes, element: <ClassesPage /> },
      {
        path: paths.classPage(":id"),
        lazy: lazyPage(
          () => import(/* webpackChunkName: "class" */ "../features/classes/routes/ClassPage"),
          "ClassPage",
        ),
      },
      // Sign-in carries the form libraries; a visitor who only browses never downloads them.
      {
        path: paths.login,
        lazy: lazyPage(
          () => import(/* webpackChunkName: "sign-in" */ "../features/auth/routes/LoginPage"),
          "LoginPage",
        ),
      },
      {
        path: paths.register,
        lazy: lazyPage(
          () => import(/* webpackChunkName: "sign-in" */ "../features/auth/routes/RegisterPage"),
          "RegisterPage",
        ),
      },
      {
        path: paths.forgotPassword,
        lazy: lazyPage(
          () =>
            import(
              /* webpackChunkName: "forgot-password" */ "../features/auth/routes/ForgotPasswordPage"
            ),
          "ForgotPasswordPage",
        ),
      },
      // The school's own pages, from the footer: read by few visitors, so loaded on demand.
      ...[
        [paths.about, "AboutPage"],
        [paths.contact, "ContactPage"],
        [paths.terms, "TermsPage"],
        [paths.privacy, "PrivacyPage"],
        [paths.cookies, "CookiesPage"],
      ].map(([path, name]) => ({
        path,
        lazy: lazyPage(
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
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingBar />,
    children: [
      {
        lazy: lazyPage(
          () =>
            import(
              /* webpackChunkName: "dashboard" */ "../features/dashboard/routes/DashboardLayout"
            ),
          "DashboardLayout",
        ),
        children: [
          { index: true, element: <DashboardHome /> },
          {
            element: <AdminRoute pending={<LoadingBar />} />,
            children: [
              {
                path: paths.dashboard.allUsers,
                lazy: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "manage-users" */ "../features/users/routes/ManageUsersPage"
                    ),
                  "ManageUsersPage",
                ),
              },
              {
                path: paths.dashboard.manageClasses,
                lazy: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "manage-classes" */ "../features/manage-classes/routes/ManageClassesPage"
                    ),
                  "ManageClassesPage",
                ),
              },
            ],
          },
          {
            element: <InstructorRoute pending={<LoadingBar />} />,
            children: [
              {
                path: paths.dashboard.myClasses,
                lazy: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "my-classes" */ "../features/instructor-classes/routes/MyClassesPage"
                    ),
                  "MyClassesPage",
                ),
              },
              {
                path: paths.dashboard.addClass,
                lazy: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "add-class" */ "../features/instructor-classes/routes/AddClassPage"
                    ),
                  "AddClassPage",
                ),
              },
              {
                path: paths.dashboard.updateClass(":id"),
                lazy: lazyPage(
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
            // The class's instructor and the admins; the server refuses anyone else's class.
            element: <InstructorOrAdminRoute pending={<LoadingBar />} />,
            children: [
              {
                path: paths.dashboard.classRoster(":id"),
                lazy: lazyPage(
                  () =>
                    import(
                      /* webpackChunkName: "class-roster" */ "../features/instructor-classes/routes/ClassRosterPage"
                    ),
                  "ClassRosterPage",
                ),
              },
            ],
          },
          // Everyone's own name and photo (and an instructor's bio).
          {
            path: paths.dashboard.profile,
            lazy: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-profile" */ "../features/profile/routes/MyProfilePage"
                ),
              "MyProfilePage",
            ),
          },
          // Student pages need nothing beyond login (spec section 6).
          {
            path: paths.dashboard.mySelectedClasses,
            lazy: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-selected-classes" */ "../features/selections/routes/MySelectedClassesPage"
                ),
              "MySelectedClassesPage",
            ),
          },
          {
            path: paths.dashboard.myEnrolledClasses,
            lazy: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-enrolled-classes" */ "../features/payments/routes/MyEnrolledClassesPage"
                ),
              "MyEnrolledClassesPage",
            ),
          },
          {
            path: paths.dashboard.myPaymentHistory,
            lazy: lazyPage(
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
            lazy: lazyPage(
              () =>
                import(/* webpackChunkName: "receipt" */ "../features/payments/routes/ReceiptPage"),
              "ReceiptPage",
            ),
          },
          {
            path: paths.dashboard.waitlist,
            lazy: lazyPage(
              () =>
                import(
                  /* webpackChunkName: "my-waitlist" */ "../features/waitlist/routes/MyWaitlistPage"
                ),
              "MyWaitlistPage",
            ),
          },
          {
            path: paths.dashboard.family,
            lazy: lazyPage(
              () => import(/* webpackChunkName: "family" */ "../features/family/routes/FamilyPage"),
              "FamilyPage",
            ),
          },
          {
            path: paths.dashboard.payment(":id"),
            lazy: lazyPage(
              () =>
                import(/* webpackChunkName: "payment" */ "../features/payments/routes/PaymentPage"),
              "PaymentPage",
            ),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
