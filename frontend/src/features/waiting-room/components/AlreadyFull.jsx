import { useId, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { jt, t } from "ttag";

import { useParticipantsOrNone } from "../../../api/participants";
import { useWantedClassesFull } from "../../../api/wantedClassesFull";
import { useJoinWaitlist } from "../../../api/waitlist";
import { paths } from "../../../config/paths";
import { useAuth } from "../../../lib/auth";
import { watchedClasses } from "../../../lib/watchedClasses";

function participantName(participant) {
  if (participant.isAccountHolder) return t`Myself`;
  return [participant.firstName, participant.lastName].filter(Boolean).join(" ");
}

// What is said once someone is on the list: who, and their place when the server gives it.
function joinedText(participant, position) {
  const firstName = participant && !participant.isAccountHolder ? participant.firstName : null;
  if (firstName && position) return t`${firstName} is on the waitlist, number ${position}`;
  if (firstName) return t`Joined the waitlist for ${firstName}.`;
  if (position) return t`You are on the waitlist, number ${position}`;
  return t`Joined the waitlist.`;
}

/*
 * Joining one full class's waitlist from the line: the server lets the join through while the
 * family waits (it takes no seat). A family of several picks who joins, the account holder
 * first; after a join the others may join too. What the server said, a place or a refusal (a seat
 * came free, already on the list), is shown beside the class.
 */
function JoinWaitlist({ fullClass, family, familyLoading }) {
  const joinWaitlist = useJoinWaitlist();
  const pickerId = useId();
  const [chosen, setChosen] = useState("");
  const [joining, setJoining] = useState(false);
  const [joined, setJoined] = useState("");
  const [failure, setFailure] = useState("");
  const participant = family
    ? (family.find((person) => String(person._id) === chosen) ?? family[0])
    : null;

  async function join() {
    setJoining(true);
    setFailure("");
    setJoined("");
    try {
      const entry = await joinWaitlist(fullClass.id, participant?._id);
      setJoined(joinedText(participant, entry?.position));
    } catch (joinError) {
      setFailure(joinError.message);
    } finally {
      setJoining(false);
    }
  }

  return (
    <>
      {(family || !joined) && (
        <div className="d-flex flex-wrap align-items-end gap-2 mt-2">
          {family && (
            <div>
              <label className="form-label small mb-1" htmlFor={pickerId}>
                {t`Who is joining the waitlist for ${fullClass.name}?`}
              </label>
              <select
                id={pickerId}
                className="form-select form-select-sm"
                value={String(participant._id)}
                onChange={(event) => setChosen(event.target.value)}
              >
                {family.map((person) => (
                  <option key={person._id} value={String(person._id)}>
                    {participantName(person)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={joining || familyLoading}
            onClick={join}
          >
            {t`Join the waitlist`}
          </button>
        </div>
      )}
      {joined && (
        <p className="text-success-emphasis fw-semibold mt-2 mb-0" role="status">
          {joined}
        </p>
      )}
      {failure && (
        <p className="text-danger-emphasis mt-2 mb-0" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

function FullClassItem({ fullClass, family, familyLoading }) {
  const { user, role } = useAuth();
  const location = useLocation();
  const signIn = (
    <Link key="sign-in" to={paths.login} state={{ from: location }}>
      {t`Sign in`}
    </Link>
  );
  return (
    <li className="list-group-item">
      <span className="fw-semibold">{fullClass.name}</span>
      {fullClass.unitLabel && (
        <span className="text-body-secondary ms-2">{fullClass.unitLabel}</span>
      )}
      {!user && <p className="small mt-1 mb-0">{jt`${signIn} to join the waitlist.`}</p>}
      {role === "student" && !fullClass.waitlistOpen && (
        <p className="small text-body-secondary mt-1 mb-0">
          {t`Its waitlist opens with registration.`}
        </p>
      )}
      {role === "student" && fullClass.waitlistOpen && (
        <JoinWaitlist fullClass={fullClass} family={family} familyLoading={familyLoading} />
      )}
    </li>
  );
}

/*
 * While the family waits in line: which of the classes it wants are full already (its
 * selections and the class pages this browser opened), so nobody waits to find a class sold out,
 * with a way onto each one's waitlist. Nothing is asked for a visitor who opened no class page,
 * and nothing is shown while none is full.
 */
export function AlreadyFull() {
  const { role, loading } = useAuth();
  const [watching] = useState(watchedClasses);
  const student = role === "student";
  const { data: full } = useWantedClassesFull(watching, {
    enabled: !loading && (student || watching.length > 0),
  });
  const { participants } = useParticipantsOrNone(student && full?.length > 0);
  if (!full?.length) return null;
  const family = participants?.length > 1 ? participants : null;
  // Until the family is known a join could go to the wrong person.
  const familyLoading = student && participants === undefined;
  return (
    <section className="card my-4" aria-labelledby="already-full-heading">
      <div className="card-body">
        <h2 id="already-full-heading" className="h5">
          {t`Already full`}
        </h2>
        <p className="text-body-secondary">
          {t`These classes you chose or looked at have no seats left. You may join a waitlist while you wait: your place in line is kept.`}
        </p>
        <ul className="list-group">
          {full.map((fullClass) => (
            <FullClassItem
              key={fullClass.id}
              fullClass={fullClass}
              family={family}
              familyLoading={familyLoading}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
