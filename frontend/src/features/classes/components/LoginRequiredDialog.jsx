import { useLocation, useNavigate } from "react-router-dom";
import { t } from "ttag";

import { Dialog } from "../../../components/ui/Dialog";
import { paths } from "../../../config/paths";

export const LOGIN_REQUIRED_MESSAGE = t`Please Login at First to Select this Class`;

// Shown to a visitor who presses Select; login brings them back here afterwards.
export function LoginRequiredDialog({ classItem, onClose }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Dialog
      title={LOGIN_REQUIRED_MESSAGE}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            // The way forward is logging in, so keyboard users start there.
            autoFocus
            onClick={() => navigate(paths.login, { state: { from: location } })}
          >
            {t`Login Now!`}
          </button>
        </>
      }
    >
      <p className="mb-0">
        {t`Log in or create an account to select ${classItem.nameClass}; you will come back to this page afterwards.`}
      </p>
    </Dialog>
  );
}
