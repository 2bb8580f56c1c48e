import { Link } from "react-router-dom";
import { t } from "ttag";

import { useMailSettings } from "../../../api/mailSettings";
import { paths } from "../../../config/paths";
import { useAuth } from "../../../lib/auth";

/*
 * Over every dashboard page while the school's mail to the person bounces: without it their
 * receipts and reminders vanish unseen. The profile's E-mail section reads the same cached
 * settings, so this costs no request of its own; a failed read shows nothing.
 */
export function UndeliverableBanner() {
  const { user } = useAuth();
  const { data: settings } = useMailSettings();
  if (!settings?.undeliverable) return null;
  const email = user.email;
  return (
    <div className="alert alert-warning" role="alert">
      {t`We cannot deliver e-mail to ${email}. Receipts and reminders are not reaching you.`}{" "}
      <Link to={paths.dashboard.profile}>{t`Fix it in My Profile`}</Link>
    </div>
  );
}
