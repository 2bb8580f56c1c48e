import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { unsubscribe, useUnsubscribeLink } from "../../../api/mailSettings";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";

export const UNKNOWN_LINK = t`This link is not known. It may be from an old message.`;
const ENROLMENT_MAIL = t`Mail about your enrolments still comes.`;

export function doneMessage(address) {
  return t`Done: no more announcements to ${address}. ${ENROLMENT_MAIL}`;
}

/*
 * /unsubscribe/:token, the link at the foot of every announcement. Opening it only reads: mail
 * scanners follow links, so announcements stop on the button's click alone. The token is the
 * key, so no sign-in is needed.
 */
export function UnsubscribePage() {
  useTitle(t`Unsubscribe`);
  const { token } = useParams();
  const { data: link, error, mutate } = useUnsubscribeLink(token);
  const [stopped, setStopped] = useState(null);
  const [stopping, setStopping] = useState(false);
  const [failure, setFailure] = useState(null);
  const answer = useRef(null);

  // After the click the button is gone: focus moves to what happened.
  useEffect(() => {
    if (stopped || failure) answer.current?.focus();
  }, [stopped, failure]);

  async function stop() {
    setStopping(true);
    setFailure(null);
    try {
      const result = await unsubscribe(token);
      setStopped(result);
      await mutate(result, { revalidate: false });
    } catch (stopError) {
      setFailure(stopError);
    } finally {
      setStopping(false);
    }
  }

  let content;
  if (stopped) {
    const profileLink = (
      <Link key="profile" to={paths.dashboard.profile}>
        {t`My Profile`}
      </Link>
    );
    content = (
      <>
        <div ref={answer} tabIndex={-1} className="alert alert-success" role="status">
          {doneMessage(stopped.address)}
        </div>
        <p className="mb-0">
          {jt`Changed your mind? Turn announcements back on in ${profileLink}.`}
        </p>
      </>
    );
  } else if (link && !link.announcements) {
    content = (
      <p className="mb-0">
        {t`Announcements to ${link.address} are already off. ${ENROLMENT_MAIL}`}
      </p>
    );
  } else if (link) {
    content = (
      <>
        {failure && (
          <div ref={answer} tabIndex={-1} className="alert alert-danger" role="alert">
            {failure.status === 404 ? UNKNOWN_LINK : failure.message}
          </div>
        )}
        <p>{t`Announcements to ${link.address} are on.`}</p>
        <p className="text-body-secondary">
          {t`Announcements are class news from instructors and the school. ${ENROLMENT_MAIL}`}
        </p>
        <button type="button" className="btn btn-primary" disabled={stopping} onClick={stop}>
          {stopping ? t`Stopping…` : t`Stop announcements`}
        </button>
      </>
    );
  } else if (error?.status === 404) {
    content = <p className="mb-0">{UNKNOWN_LINK}</p>;
  } else if (error) {
    content = <ErrorAlert title={t`This link could not be checked.`} error={error} />;
  } else {
    content = <Loading label={t`Checking the link…`} />;
  }

  return (
    <section className="container py-5" aria-labelledby="unsubscribe-heading">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <h1 id="unsubscribe-heading" className="h2 mb-4">
            {t`Stop announcements`}
          </h1>
          {content}
        </div>
      </div>
    </section>
  );
}
