import { useState } from "react";
import { jt, t } from "ttag";

import { usePauseWaitingRoom, useWaitingRoomLive } from "../../../api/waitingRoomLive";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatDateTime } from "../../../components/ui/schedule";
import { useTitle } from "../../../hooks/useTitle";
import { useNotify } from "../../../lib/notices";
import { LiveFigures } from "../components/LiveFigures";

function RoomState({ live }) {
  const ahead = live.opensAt && Date.parse(live.opensAt) > Date.now();
  const when = live.opensAt && (
    <time key="when" dateTime={live.opensAt}>
      {formatDateTime(live.opensAt)}
    </time>
  );
  const seasonName = live.season?.name;
  if (!live.active) {
    return (
      <p className="lead">
        {t`The line is off: families go straight in.`}
        {seasonName && ahead && (
          <> {jt`Next: ${seasonName} opens ${when}; its line forms shortly before.`}</>
        )}
      </p>
    );
  }
  let state = t`The line is on.`;
  if (seasonName) {
    state = ahead
      ? jt`The line is on for ${seasonName}, which opens ${when}.`
      : jt`The line is on for ${seasonName}, which opened ${when}.`;
  }
  return (
    <p className="lead">
      {state}{" "}
      {live.paused ? (
        <strong>{t`Paused: nobody more is let in until it is resumed.`}</strong>
      ) : (
        t`Families are let in as fast as the site keeps up.`
      )}
    </p>
  );
}

/*
 * Admins, on an opening morning: the line as it moves (asked again every few seconds), how fast
 * families are let in against the rate set and how the site answers their registrations, and a
 * button that holds the line or lets it move again. Held, nobody loses a place and the time held
 * is not made up in a burst afterwards.
 */
export function WaitingRoomLivePage() {
  useTitle(t`Waiting Room`);
  const { data: live, error } = useWaitingRoomLive();
  const pause = usePauseWaitingRoom();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState(null);

  async function toggle() {
    const paused = !live.paused;
    setSending(true);
    setFailure(null);
    try {
      await pause(paused);
      notify(paused ? t`The line is paused.` : t`The line moves again.`);
    } catch (pauseError) {
      setFailure(pauseError);
    } finally {
      setSending(false);
    }
  }

  let content;
  if (live) {
    content = (
      <>
        <RoomState live={live} />
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure.message}
          </div>
        )}
        <button
          type="button"
          className={`btn ${live.paused ? "btn-primary" : "btn-outline-danger"} mb-4`}
          onClick={toggle}
          disabled={sending}
        >
          {live.paused ? t`Resume admissions` : t`Pause admissions`}
        </button>
        <LiveFigures live={live} />
      </>
    );
  } else if (error) {
    content = <ErrorAlert title={t`The waiting room could not be read.`} error={error} />;
  } else {
    content = <Loading label={t`Loading the waiting room…`} />;
  }

  return (
    <section aria-labelledby="waiting-room-live-heading">
      <h1 id="waiting-room-live-heading" className="h2 mb-3">
        {t`Waiting Room`}
      </h1>
      {content}
    </section>
  );
}
