import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { jt, t } from "ttag";

import { formatDateTime } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { returnPath } from "../../../lib/returnPath";
import { AlreadyFull } from "../components/AlreadyFull";
import { ADMITTED, JOINING, OPEN, WAITING } from "../components/lineSteps";
import { waitInWords } from "../components/waitInWords";
import { useLinePlace } from "../hooks/useLinePlace";

// Long enough to read "It's your turn" before the page moves on; a link goes at once.
export const ADMITTED_PAUSE_MS = 1500;

// Where the family was going when sent here (a location React Router kept), else selecting.
export function destinationOf(from) {
  return returnPath(from, { fallback: paths.classes, excluded: [paths.waitingRoom] });
}

function placeInWords(step, answer) {
  if (step === ADMITTED) return t`It's your turn!`;
  if (step === OPEN) return t`Registration is open, with no line right now.`;
  if (step === WAITING && answer.position != null) {
    return t`You are number ${answer.position} in line`;
  }
  if (step === WAITING) return t`You are in line`;
  return t`Finding your place in line…`;
}

// The registration's opening, said whole for each season-or-none and before-or-after.
function openingSentence(seasonName, ahead, openingTime) {
  if (seasonName && ahead) return jt`${seasonName} registration opens ${openingTime}.`;
  if (seasonName) return jt`${seasonName} registration opened ${openingTime}.`;
  if (ahead) return jt`Registration opens ${openingTime}.`;
  return jt`Registration opened ${openingTime}.`;
}

function Opening({ season, opensAt }) {
  const seasonName = season?.name;
  if (!opensAt) {
    return (
      <p className="lead">
        {seasonName
          ? t`${seasonName} registration takes families in turn.`
          : t`Registration takes families in turn.`}
      </p>
    );
  }
  const ahead = Date.parse(opensAt) > Date.now();
  const openingTime = (
    <time key="opening" dateTime={opensAt}>
      {formatDateTime(opensAt)}
    </time>
  );
  return (
    <p className="lead">
      {openingSentence(seasonName, ahead, openingTime)}{" "}
      {t`Families take turns, so the site stays quick for everyone.`}
      {ahead && " "}
      {ahead &&
        t`Everyone here before the opening is given a place in a random draw at that moment: there is no need to reload or to have come early.`}
    </p>
  );
}

/*
 * The opening morning's line (/waiting-room): the family joins, sees their place move as the page
 * asks after it, and once their turn comes goes on to where they were going (selecting classes,
 * by default). Their place is in this browser's storage, so a reload or a second tab keeps it.
 * The place is said in a polite live region: a screen reader hears it change, and "It's your
 * turn" when it comes. Meanwhile the classes the family wants that are full already are named,
 * each with its waitlist to join (components/AlreadyFull).
 */
export function WaitingRoomPage() {
  useTitle(t`Waiting Room`);
  const location = useLocation();
  const navigate = useNavigate();
  const destination = destinationOf(location.state?.from);
  const { step, answer, trouble } = useLinePlace();

  useEffect(() => {
    if (step === OPEN) {
      navigate(destination, { replace: true });
      return undefined;
    }
    if (step !== ADMITTED) return undefined;
    const timer = setTimeout(() => navigate(destination, { replace: true }), ADMITTED_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [step, destination, navigate]);

  const wait = step === WAITING ? waitInWords(answer.estimatedWaitSeconds) : null;

  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-lg-8 col-xl-7">
          <h1 className="mb-3">{t`Waiting Room`}</h1>
          {answer?.active && <Opening season={answer.season} opensAt={answer.opensAt} />}
          <div className="card border-primary-subtle my-4">
            <div className="card-body p-4 text-center">
              <p className="h3 mb-0" role="status" aria-live="polite" aria-atomic="true">
                {placeInWords(step, answer)}
              </p>
              {wait && (
                <p className="mt-2 mb-0 text-body-secondary">{t`Estimated wait: ${wait}`}</p>
              )}
              {step === ADMITTED && (
                <p className="mt-3 mb-0">
                  {t`Taking you on to register…`}{" "}
                  <Link to={destination} replace>
                    {t`Go now`}
                  </Link>
                </p>
              )}
            </div>
          </div>
          {answer?.paused && step !== ADMITTED && (
            <div className="alert alert-warning" role="status">
              {t`The line is paused for a moment. Nobody loses their place: it moves again shortly.`}
            </div>
          )}
          {trouble && step !== ADMITTED && (
            <p className="text-body-secondary">
              {t`We could not reach the line just now. Your place is kept; trying again…`}
            </p>
          )}
          {(step === WAITING || step === JOINING) && (
            <p className="mb-0">
              {t`Keep this page open: it moves on by itself when your turn comes. Reloading it, or opening the site in another tab, keeps your place.`}
            </p>
          )}
          {step === WAITING && <AlreadyFull />}
        </div>
      </div>
    </div>
  );
}
