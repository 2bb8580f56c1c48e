import { useId, useRef, useState } from "react";
import { t } from "ttag";

import { Dialog } from "../../../components/ui/Dialog";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { useCalendarFeed, useResetCalendarFeed } from "../../../api/calendarFeed";
import { useNotify } from "../../../lib/notices";

const COPY_BY_HAND = t`The link is selected: press Ctrl+C (⌘C on a Mac) to copy it`;

function ResetDialog({ onReset, onClose }) {
  const [resetting, setResetting] = useState(false);
  const [failure, setFailure] = useState("");

  async function confirm() {
    setResetting(true);
    setFailure("");
    try {
      await onReset();
    } catch (error) {
      setFailure(error.message);
      setResetting(false);
    }
  }

  return (
    <Dialog
      title={t`Reset your calendar link?`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="button" className="btn btn-danger" disabled={resetting} onClick={confirm}>
            {resetting ? t`Resetting…` : t`Reset link`}
          </button>
        </>
      }
    >
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <p className="mb-0">
        {t`The old link will stop working: a calendar subscribed to it no longer shows your classes until you subscribe to the new link. Reset it if someone else got hold of it.`}
      </p>
    </Dialog>
  );
}

/*
 * The private address of the person's calendar of enrolled classes, for a calendar app to
 * subscribe to. Whoever has the address sees the classes, so it can be replaced.
 */
export function CalendarFeed() {
  const { data: feed, error } = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const notify = useNotify();
  const inputId = useId();
  const hintId = useId();
  const input = useRef(null);
  const [confirming, setConfirming] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(feed.url);
      notify(t`Link copied`);
    } catch {
      // No clipboard here (an older browser, a page not served over HTTPS) or no permission.
      input.current.focus();
      input.current.select();
      notify(COPY_BY_HAND);
    }
  }

  async function handleReset() {
    await reset();
    setConfirming(false);
    notify(t`Your calendar has a new link`);
  }

  let content;
  if (feed) {
    content = (
      <>
        <label htmlFor={inputId} className="form-label">
          {t`Calendar link`}
        </label>
        <div className="input-group mb-3">
          <input
            ref={input}
            id={inputId}
            type="url"
            className="form-control font-monospace"
            value={feed.url}
            readOnly
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="btn btn-primary" onClick={copy}>
            {t`Copy link`}
          </button>
        </div>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={() => setConfirming(true)}
        >
          {t`Reset link`}
        </button>
      </>
    );
  } else if (error) {
    content = <ErrorAlert title={t`Your calendar link could not be loaded.`} error={error} />;
  } else {
    content = (
      <p className="text-body-secondary mb-0" role="status">
        {t`Loading your calendar link…`}
      </p>
    );
  }

  return (
    <section className="card shadow-sm" aria-labelledby="calendar-feed-heading">
      <div className="card-body">
        <h2 id="calendar-feed-heading" className="h5 card-title">
          {t`Your calendar`}
        </h2>
        <p id={hintId} className="card-text">
          {t`A private link to the meetings of the classes you are enrolled in. Subscribe to it in Google Calendar, Apple Calendar or Outlook, and changes to a class’s schedule reach your calendar by themselves. Anyone with the link can see your classes, so keep it to yourself.`}
        </p>
        {content}
      </div>
      {confirming && <ResetDialog onReset={handleReset} onClose={() => setConfirming(false)} />}
    </section>
  );
}
