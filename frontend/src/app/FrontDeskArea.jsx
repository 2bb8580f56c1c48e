import { useRoutes } from "react-router-dom";

import { LoadingBar } from "../components/ui/LoadingBar";
import { DashboardLayout } from "../features/dashboard/routes/DashboardLayout";
import { DayClosePage } from "../features/front-desk/routes/DayClosePage";
import { FrontDeskPage } from "../features/front-desk/routes/FrontDeskPage";
import { OfficeOrAdminRoute } from "../lib/auth";
import { ErrorPage } from "./ErrorPage";

/*
 * The office's pages under /frontDesk, for the office and admins, in the dashboard's frame. Their
 * guard and route table come with them in their own chunk: the table every visitor downloads
 * names only /frontDesk/*.
 */
export function FrontDeskArea() {
  return useRoutes([
    {
      element: <OfficeOrAdminRoute pending={<LoadingBar />} />,
      children: [
        {
          element: <DashboardLayout />,
          children: [
            { index: true, element: <FrontDeskPage /> },
            { path: "day", element: <DayClosePage /> },
            { path: "*", element: <ErrorPage /> },
          ],
        },
      ],
    },
  ]);
}
