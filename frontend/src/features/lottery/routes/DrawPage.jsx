import { useMemo } from "react";
import { useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { useSeasonClasses } from "../../../api/classes";
import { useDraw, useWishes } from "../../../api/lottery";
import { useSeasons } from "../../../api/seasons";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatDateTime } from "../../../components/ui/schedule";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { Commitment } from "../components/Commitment";
import { Allocations, DrawOrder, SeatsShared } from "../components/DrawTables";
import { drawDayWords, windowWords } from "../components/lotteryWords";
import { useSeedCheck } from "../components/seedCheck";

function SeedAndCommitment({ draw }) {
  const checked = useSeedCheck(draw.seed, draw.seedHash);
  return (
    <section aria-labelledby="draw-seed-heading" className="mb-5">
      <h2 id="draw-seed-heading" className="h4">
        {t`The seed and its commitment`}
      </h2>
      <p className="mb-1">{t`The seed, published after the draw:`}</p>
      <p>
        <code className="text-body text-break">{draw.seed}</code>
      </p>
      <Commitment seedHash={draw.seedHash} />
      {checked === "matches" && (
        <p className="alert alert-success mb-0" role="status">
          {t`Your browser checked it: the seed's SHA-256 is the commitment.`}
        </p>
      )}
      {checked === "differs" && (
        <p className="alert alert-danger mb-0" role="alert">
          {t`Your browser checked it: the seed's SHA-256 is not the commitment.`}
        </p>
      )}
    </section>
  );
}

function CheckItYourself() {
  const keyOf = <code key="key" className="text-body">{`sha256("<seed>:<code>")`}</code>;
  const verify = (
    <code key="verify" className="text-body">
      {"manage.py draw_verify"}
    </code>
  );
  const procedure = (
    <code key="procedure" className="text-body">
      {"docs/lottery.md"}
    </code>
  );
  return (
    <section aria-labelledby="draw-check-heading" className="mb-5">
      <h2 id="draw-check-heading" className="h4">
        {t`Check it yourself`}
      </h2>
      <ul>
        <li>{t`The SHA-256 of the seed, in hexadecimal, is the commitment published before the wishes closed.`}</li>
        <li>
          {jt`Each family's key is ${keyOf} in hexadecimal, its code after the seed and a colon. Within each priority group, families are ordered by key, lowest first.`}
        </li>
        <li>
          {t`Families were placed in that order, each child at the first wish with a seat left for them (and for every child placed with them); each wish above the one a child got put them on that class's waitlist.`}
        </li>
      </ul>
      <p className="mb-0">
        {jt`The school makes the draw again from the seed, the wishes and the seats with ${verify} and compares every outcome; the procedure is written out in ${procedure}.`}
      </p>
    </section>
  );
}

// The order and every outcome, with the classes named once they have loaded.
function DrawMade({ draw, seasonId, ownCode }) {
  const { classes } = useSeasonClasses(seasonId);
  const classesById = useMemo(
    () => new Map((classes ?? []).map((classItem) => [classItem._id, classItem])),
    [classes],
  );
  const drawnAt = formatDateTime(draw.drawnAt);
  return (
    <>
      <p className="lead">{t`Drawn on ${drawnAt}.`}</p>
      <SeedAndCommitment draw={draw} />
      <DrawOrder order={draw.order} ownCode={ownCode} />
      <SeatsShared seats={draw.seats} classesById={classesById} />
      <Allocations allocations={draw.allocations} classesById={classesById} />
      <CheckItYourself />
    </>
  );
}

/*
 * /seasons/:seasonId/draw: a lottery season's draw, for anyone to check. Before it, the school's
 * commitment to its seed and when the draw is; after, the seed, the families' order by code,
 * the seats shared, every wish's outcome and how to check them. A signed-in family's own code
 * is marked (its wishes' answer holds it).
 */
export function DrawPage() {
  const { seasonId } = useParams();
  const { role } = useAuth();
  const { seasons } = useSeasons();
  const season = seasons?.find((candidate) => String(candidate.id) === seasonId);
  const { draw, error } = useDraw(seasonId);
  const { wishes } = useWishes(seasonId, role === "student");
  const title = season ? t`The draw for ${season.name}` : t`The draw`;
  useTitle(title);

  let body;
  if (error) {
    body = <ErrorAlert title={t`The draw could not be loaded.`} error={error} />;
  } else if (!draw) {
    body = <Loading label={t`Loading the draw…`} />;
  } else if (draw.seed) {
    body = <DrawMade draw={draw} seasonId={seasonId} ownCode={wishes?.code ?? null} />;
  } else {
    body = (
      <>
        {season && <p className="lead mb-2">{windowWords(season)}</p>}
        <p>{season ? drawDayWords(season) : t`The draw is not made yet.`}</p>
        <section aria-labelledby="draw-commitment-heading" className="mb-5">
          <h2 id="draw-commitment-heading" className="h4">
            {t`The commitment`}
          </h2>
          <Commitment seedHash={draw.seedHash} />
        </section>
        <CheckItYourself />
      </>
    );
  }

  return (
    <section className="container py-5" aria-labelledby="draw-heading">
      <h1 id="draw-heading" className="mb-3">
        {title}
      </h1>
      {body}
    </section>
  );
}
