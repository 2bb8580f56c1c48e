import { useId, useState } from "react";
import { t } from "ttag";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { useMailSettings, useUpdateMailSettings } from "../../../api/mailSettings";

export const ANNOUNCEMENTS_LABEL = t`Send me announcements (class news from instructors and the school)`;
export const MAIL_SAVED = t`Saved.`;

// Why mail to the address stopped, and what to do; the reason is the mail provider's, when the
// school was told one.
export function refusedMessage(email, reason) {
  return reason
    ? t`Mail to ${email} is being refused (${reason}). Check the address with your mail provider, then press 'My address works now'.`
    : t`Mail to ${email} is being refused. Check the address with your mail provider, then press 'My address works now'.`;
}

/*
 * The person's mail settings: announcements on or off, saved as soon as the switch moves, and,
 * when the school's mail to them bounces, the way to say the address works again. Mail about
 * their enrolments is not a setting: a family must get its receipts and reminders.
 */
export function MailSettings({ email }) {
  const { data: settings, error } = useMailSettings();
  const update = useUpdateMailSettings();
  const switchId = useId();
  const noteId = useId();
  // What is being saved: the switch shows the wish at once and waits for the server.
  const [saving, setSaving] = useState(null);
  const [saved, setSaved] = useState("");
  const [failure, setFailure] = useState("");

  async function save(changes) {
    setSaving(changes);
    setSaved("");
    setFailure("");
    try {
      await update(changes);
      setSaved(MAIL_SAVED);
    } catch (saveError) {
      setFailure(saveError.message);
    } finally {
      setSaving(null);
    }
  }

  let content;
  if (settings) {
    const announcements = saving?.announcements ?? settings.announcements;
    content = (
      <>
        {settings.undeliverable && (
          <div className="alert alert-warning">
            <p>{refusedMessage(email, settings.undeliverableReason)}</p>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={saving !== null}
              onClick={() => save({ undeliverable: false })}
            >
              {t`My address works now`}
            </button>
          </div>
        )}
        <div className="form-check form-switch">
          <input
            id={switchId}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={announcements}
            disabled={saving !== null}
            aria-describedby={noteId}
            onChange={(event) => save({ announcements: event.target.checked })}
          />
          <label className="form-check-label" htmlFor={switchId}>
            {ANNOUNCEMENTS_LABEL}
          </label>
        </div>
        <p id={noteId} className="form-text">
          {t`Mail about your enrolments — receipts, reminders, changes — is always sent.`}
        </p>
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
      </>
    );
  } else if (error) {
    content = <ErrorAlert title={t`Your mail settings could not be loaded.`} error={error} />;
  } else {
    content = <p className="text-body-secondary">{t`Loading your mail settings…`}</p>;
  }

  return (
    <section aria-labelledby="mail-heading" className="card shadow-sm mt-4">
      <div className="card-body p-4">
        <h2 id="mail-heading" className="h5">
          {t`E-mail`}
        </h2>
        {content}
        {/* Present from the start, so screen readers hear "Saved." when it comes. */}
        <p role="status" className="text-success mb-0">
          {saved}
        </p>
      </div>
    </section>
  );
}
