import { useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { jt, t } from "ttag";

import { useSeasonClasses } from "../../../api/classes";
import { useDraw, useWishes } from "../../../api/lottery";
import { useParticipants } from "../../../api/participants";
import { useSeasons } from "../../../api/seasons";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { Commitment } from "../components/Commitment";
import { DrawResult } from "../components/DrawResult";
import { FriendsSection } from "../components/FriendsSection";
import { drawDayWords, windowWords, wishesWindow } from "../components/lotteryWords";
import { WishesForm } from "../components/WishesForm";
import { WishesList } from "../components/WishesList";

// The season's window, the family's code on the draw page and the school's commitment.
function WishesWindow({ season, wishes, draw, editable }) {
  const state = wishesWindow(season);
  const code = (
    <code key="code" className="text-body">
      {wishes.code}
    </code>
  );
  return (
    <div className="mb-4">
      <p className="lead mb-2">{windowWords(season)}</p>
      {state === "closed" && !wishes.result && <p className="mb-2">{drawDayWords(season)}</p>}
      {wishes.code ? (
        <p className="mb-2">{jt`Your family's code on the draw page: ${code}`}</p>
      ) : (
        editable && (
          <p className="mb-2">{t`Your family gets its code on the draw page with its first wishes saved.`}</p>
        )
      )}
      {draw && <Commitment seedHash={draw.seedHash} />}
      <Link to={paths.seasonDraw(season.id)}>{t`See the draw page`}</Link>
    </div>
  );
}

/*
 * /dashboard/seasons/:seasonId/wishes: a family's wishes for a lottery season's draw. While the
 * window is open each person ranks up to `maxChoices` of the season's classes and the family may
 * place children together; before it opens and after it closes the page says so and only shows
 * them. Once the family has saved wishes it may ask another family, by its code, to have children
 * placed with theirs. Once the draw is made, its result comes first: the family's place, what
 * each child got, and Accept and pay for the seats held.
 */
export function WishesPage() {
  const { seasonId } = useParams();
  const { seasons, error: seasonsError } = useSeasons();
  const season = seasons?.find((candidate) => String(candidate.id) === seasonId);
  const { wishes, error: wishesError, mutate } = useWishes(seasonId);
  const { data: participants, error: participantsError } = useParticipants();
  const { classes, error: classesError } = useSeasonClasses(seasonId);
  const { draw } = useDraw(seasonId);
  const classesById = useMemo(
    () => new Map((classes ?? []).map((classItem) => [classItem._id, classItem])),
    [classes],
  );
  const title = season ? t`Your wishes for ${season.name}` : t`Your wishes`;
  useTitle(title);

  const error = wishesError ?? seasonsError ?? participantsError ?? classesError;
  let body;
  if (error) {
    body = <ErrorAlert title={t`Your wishes could not be loaded.`} error={error} />;
  } else if (!wishes || !seasons || !participants || !classes) {
    body = <Loading label={t`Loading your wishes…`} />;
  } else if (!season) {
    body = <p>{t`No season with a draw has this address.`}</p>;
  } else {
    const state = wishesWindow(season);
    const editable = !wishes.result && state === "open";
    body = (
      <>
        <WishesWindow season={season} wishes={wishes} draw={draw} editable={editable} />
        {wishes.result && (
          <DrawResult
            result={wishes.result}
            people={participants}
            classesById={classesById}
            onChanged={() => mutate()}
          />
        )}
        {editable ? (
          <>
            <WishesForm
              seasonId={seasonId}
              people={participants}
              wishes={wishes}
              classes={classes}
              classesById={classesById}
            />
            {wishes.code && (
              <FriendsSection
                seasonId={seasonId}
                wishes={wishes}
                people={participants}
                onChanged={() => mutate()}
              />
            )}
          </>
        ) : (
          state !== "before" && (
            <WishesList people={participants} wishes={wishes} classesById={classesById} />
          )
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="wishes-heading">
      <h1 id="wishes-heading" className="h2 mb-3">
        {title}
      </h1>
      {body}
    </section>
  );
}
