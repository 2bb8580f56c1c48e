import { useNavigate } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../config/paths";
import { useAuth } from "../lib/auth";
import { useNotify } from "../lib/notices";

export const LOGGED_OUT_MESSAGE = t`User is successfully logged out`;

// Log out, say so, and go to the login page: the same from the navbar and the dashboard.
export function useLogOut(beforeLeaving) {
  const { logOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();

  return async function handleLogOut() {
    beforeLeaving?.();
    try {
      await logOut();
    } catch (error) {
      // Spec: a failed logout is logged only.
      console.error(error);
      return;
    }
    // The session's pop-up outlives the navigation that follows.
    notify(LOGGED_OUT_MESSAGE);
    navigate(paths.login);
  };
}
