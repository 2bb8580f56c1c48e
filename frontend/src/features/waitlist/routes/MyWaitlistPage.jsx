import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { t } from "ttag";

import { ConfirmRemoveDialog } from "../../../components/ui/ConfirmRemoveDialog";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import {
  useAcceptOffer,
  useDeclineOffer,
  useJoinWaitlist,
  useLeaveWaitlist,
  useWaitlist,
} from "../../../api/waitlist";
import { WaitlistEntryCard } from "../components/WaitlistEntryCard";
import { canRejoin, isOpen, sameSeat } from "../components/waitlistStatus";

// The entry the address points to (`#offer-12`, from the offer e-mail), or null.
function targetedEntryId(hash) {
  const match = /^#offer-(\d+)$/.exec(hash ?? "");
  return match ? match[1] : null;
}

function whoAndWhat(entry) {
  return entry.participantName
    ? t`${entry.className} for ${entry.participantName}`
    : entry.className;
}

// Said once the family is back on a list: who, and their place in the queue when known.
function rejoinedNotice(participantName, position) {
  if (participantName) {
    return position
      ? t`${participantName} is on the waitlist, number ${position}`
      : t`${participantName} is on the waitlist`;
  }
  return position ? t`You are on the waitlist, number ${position}` : t`You are on the waitlist`;
}

/*
 * Ended entries may join again, unless the same participant is already back on that class's
 * list (the list is newest first: a later entry comes before).
 */
function rejoinableIds(entries) {
  const ids = new Set();
  entries.forEach((entry, index) => {
    const replaced = entries
      .slice(0, index)
      .some((later) => sameSeat(later, entry) && (isOpen(later) || later.status === "accepted"));
    if (canRejoin(entry) && !replaced) ids.add(entry._id);
  });
  return ids;
}

/*
 * /dashboard/waitlist: the family's places on the waitlists of full classes, newest first. A
 * waiting entry shows its place in the queue; an offered seat counts down, with Accept (to the
 * payment page, the seat held) and Decline; the family can leave a list (asked first) and join
 * again one they left or whose offer lapsed.
 */
export function MyWaitlistPage() {
  useTitle(t`My Waitlist`);
  const { user } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { data: entries, error } = useWaitlist();
  const acceptOffer = useAcceptOffer(user?.email);
  const declineOffer = useDeclineOffer();
  const leaveWaitlist = useLeaveWaitlist();
  const joinWaitlist = useJoinWaitlist();
  const [busyId, setBusyId] = useState(null);
  const [failure, setFailure] = useState("");
  // {entry, action: "leave" | "decline"}: asked before a place is given up.
  const [confirming, setConfirming] = useState(null);
  const headingRef = useRef(null);

  const targetId = targetedEntryId(hash);
  // The offer e-mail's entry is brought into view once, when the list has arrived.
  const broughtIntoView = useRef(null);
  useEffect(() => {
    if (!entries || !targetId || broughtIntoView.current === targetId) return;
    const element = document.getElementById(`offer-${targetId}`);
    if (!element) return;
    broughtIntoView.current = targetId;
    element.scrollIntoView?.({ block: "center" });
    element.focus({ preventScroll: true });
  }, [entries, targetId]);

  async function run(entry, request) {
    setBusyId(entry._id);
    setFailure("");
    try {
      return await request();
    } catch (requestError) {
      // A 409: the entry moved on meanwhile (the offer lapsed); the refreshed list shows how.
      setFailure(requestError.message);
      return null;
    } finally {
      setBusyId(null);
    }
  }

  async function accept(entry) {
    const answer = await run(entry, () => acceptOffer(entry._id));
    if (answer?.selectionId != null) navigate(paths.dashboard.payment(answer.selectionId));
  }

  async function rejoin(entry) {
    const joined = await run(entry, () =>
      joinWaitlist(entry.classId, entry.participantId ?? undefined),
    );
    if (!joined) return;
    notify(rejoinedNotice(entry.participantName, joined.position));
  }

  async function confirm() {
    const { entry, action } = confirming;
    setConfirming(null);
    const done = await run(entry, () =>
      action === "decline" ? declineOffer(entry._id) : leaveWaitlist(entry._id),
    );
    if (!done) return;
    const seat = whoAndWhat(entry);
    notify(
      action === "decline"
        ? t`You declined the seat in ${seat}.`
        : t`You left the waitlist for ${seat}.`,
    );
    // The buttons pressed are gone with the entry's new state.
    headingRef.current?.focus();
  }

  const rejoinable = entries ? rejoinableIds(entries) : new Set();
  const confirmingSeat = confirming && whoAndWhat(confirming.entry);

  return (
    <section aria-labelledby="my-waitlist-heading">
      <h1 id="my-waitlist-heading" className="h2 mb-2" ref={headingRef} tabIndex={-1}>
        {t`My Waitlist`}
      </h1>
      <p className="text-body-secondary mb-4">
        {t`When a seat frees up in a full class, the first on its list is offered it by e-mail, held for a limited time.`}
      </p>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={entries}
        error={error}
        loadingLabel={t`Loading your waitlist…`}
        errorTitle={t`Your waitlist could not be loaded.`}
        emptyMessage={
          <>
            {t`You are not on any waitlist. A full class offers to join its waitlist.`}{" "}
            <Link to={paths.classes}>{t`Browse all classes`}</Link>
          </>
        }
      >
        {(list) => (
          // One column as wide as the page: an auto column would grow to a long class name.
          <ul
            className="list-unstyled d-grid gap-3 mb-0"
            style={{ gridTemplateColumns: "minmax(0, 1fr)" }}
          >
            {list.map((entry) => (
              <li key={entry._id}>
                <WaitlistEntryCard
                  entry={entry}
                  highlighted={String(entry._id) === targetId}
                  busy={busyId === entry._id}
                  rejoinable={rejoinable.has(entry._id)}
                  onAccept={accept}
                  onDecline={(chosen) => setConfirming({ entry: chosen, action: "decline" })}
                  onLeave={(chosen) => setConfirming({ entry: chosen, action: "leave" })}
                  onRejoin={rejoin}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryResult>
      {confirming && (
        <ConfirmRemoveDialog
          title={
            confirming.action === "decline"
              ? t`Decline the seat in ${confirmingSeat}?`
              : t`Leave the waitlist for ${confirmingSeat}?`
          }
          confirmLabel={
            confirming.action === "decline" ? t`Decline the seat` : t`Leave the waitlist`
          }
          busyLabel={confirming.action === "decline" ? t`Declining…` : t`Leaving…`}
          busy={false}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        >
          {confirming.action === "decline"
            ? t`The seat goes to the next on the list. You can join again, at the back.`
            : t`You lose your place. You can join again later, at the back.`}
        </ConfirmRemoveDialog>
      )}
    </section>
  );
}
