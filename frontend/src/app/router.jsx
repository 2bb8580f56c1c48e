import { createBrowserRouter } from "react-router-dom";

import { MainLayout } from "../components/layout/MainLayout";
import { paths } from "../config/paths";
import { ClassesPage } from "../features/classes/routes/ClassesPage";
import { HomePage } from "../features/home/routes/HomePage";
import { InstructorsPage } from "../features/instructors/routes/InstructorsPage";
import { ErrorPage } from "./ErrorPage";

export const routes = [
  {
    path: paths.home,
    element: <MainLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.instructors, element: <InstructorsPage /> },
      { path: paths.classes, element: <ClassesPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
