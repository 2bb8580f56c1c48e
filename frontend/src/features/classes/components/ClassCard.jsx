import { Suspense, lazy, useId } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { everyUnitFull, isSoldByUnit } from "../../../components/cards/byUnit";
import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ImageCard } from "../../../components/cards/ImageCard";
import { RegistrationCountdown } from "../../../components/cards/RegistrationCountdown";
import { formatScheduleSummary } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { SelectButton } from "./SelectButton";
import { SelectNotice } from "./SelectNotice";
import { LABELS, hasKnownChoices, isSoldOut } from "./selectRules";
import { bookingTitle } from "./unitFacts";

// Only families of several see it, once the server has answered: loaded then.
const WhoCanTake = lazy(() =>
  import(/* webpackChunkName: "who-can-take" */ "./WhoCanTake").then((module) => ({
    default: module.WhoCanTake,
  })),
);

/*
 * One approved class on the public list; a class with no seats left is shaded red. The button
 * says what state the class is in for this person (`selectLabel`: "Select", "Selected",
 * "Registration closed", ...) and, when it is off (`selectDisabled`), why (`reason`) beside it,
 * which the button points to. For a family of several, `choices` (when given) lists for each
 * participant whether they can take it, or why not. With no seat free and someone who may join
 * its waitlist (`waitlist`), the button is Join the waitlist, which goes to onJoinWaitlist.
 * Before the class's season opens for them, `opens` says when, in a few words beside the button
 * (RegistrationCountdown). `notice` is what a Select or a join just did (SelectNotice). A class
 * that has `ended` has no button: the card says it ended, and its page offers others like it.
 * A class sold by the week or the day is booked unit by unit on its page: its card leads there
 * ("Book weeks"), its price is its cheapest unit's.
 */
export function ClassCard({
  classItem,
  imagePriority,
  ended = false,
  selectDisabled,
  selectLabel = LABELS.select,
  reason,
  choices,
  waitlist = false,
  opens = null,
  notice,
  onSelect,
  onJoinWaitlist,
}) {
  const titleId = useId();
  const reasonId = useId();
  const byUnit = isSoldByUnit(classItem);
  const soldOut = !ended && (byUnit ? everyUnitFull(classItem) : isSoldOut(classItem) || waitlist);
  const showChoices = !ended && !byUnit && hasKnownChoices(choices);
  const hasReason = !ended && !byUnit && (Boolean(reason) || showChoices || Boolean(opens));
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      imageCategory={classItem.categoryName}
      imagePriority={imagePriority}
      title={<Link to={paths.classPage(classItem._id)}>{classItem.nameClass}</Link>}
      titleId={titleId}
      // The grid sits right under the page heading.
      headingLevel={2}
      className={soldOut ? "bg-danger-subtle border-danger" : ""}
      footer={
        ended ? (
          <p className="fw-semibold text-body-secondary mb-0">{t`This class has ended.`}</p>
        ) : byUnit ? (
          <Link
            className="btn btn-primary w-100"
            to={paths.classPage(classItem._id)}
            aria-describedby={titleId}
          >
            {bookingTitle(classItem)}
          </Link>
        ) : (
          <>
            <SelectNotice classId={classItem._id} notice={notice} />
            <SelectButton
              className="btn btn-primary w-100"
              off={selectDisabled}
              describedBy={hasReason ? `${titleId} ${reasonId}` : titleId}
              onPress={() => (waitlist ? onJoinWaitlist(classItem) : onSelect(classItem))}
            >
              {selectLabel}
            </SelectButton>
          </>
        )
      }
    >
      {classItem.categoryName && (
        <p className="card-text small text-uppercase fw-semibold text-body-secondary mb-2">
          {classItem.categoryName}
        </p>
      )}
      <p className="card-text mb-2">{formatScheduleSummary(classItem)}</p>
      <ClassFacts classItem={classItem} facts={CLASS_FACTS.card} />
      {hasReason && (
        <div id={reasonId} className="mt-2">
          <RegistrationCountdown opens={opens} compact />
          {reason && (
            <p
              className={`fw-semibold mb-0 ${reason === LABELS.soldOut ? "text-danger-emphasis" : ""}`}
            >
              {reason}
            </p>
          )}
          {showChoices && (
            <Suspense fallback={null}>
              <WhoCanTake choices={choices} />
            </Suspense>
          )}
        </div>
      )}
    </ImageCard>
  );
}
