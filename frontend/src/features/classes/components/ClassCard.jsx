import { useId } from "react";
import { Link } from "react-router-dom";

import { ImageCard } from "../../../components/cards/ImageCard";
import { formatPrice } from "../../../components/ui/formatPrice";
import { formatAges, formatLevel, formatScheduleSummary } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { WhoCanTake, hasKnownChoices } from "./WhoCanTake";
import { isSoldOut, seatsFree } from "./selectRules";

/*
 * One approved class on the public list; a class with no seats left is shaded red. When Select
 * is off for a reason the person can act on or should know (registration closed, a clash with a
 * class they hold, the server's `refusal`), the card says so before anyone presses it, and the
 * button points to it. For a family of several, `choices` says for each participant whether
 * they can take it, or why not. With no seat free and someone who may join its waitlist
 * (`waitlist`), the button is Join the waitlist, which goes to onJoinWaitlist.
 */
export function ClassCard({
  classItem,
  imagePriority,
  selectDisabled,
  conflict,
  refusal,
  choices,
  waitlist = false,
  onSelect,
  onJoinWaitlist,
}) {
  const titleId = useId();
  const reasonId = useId();
  const soldOut = isSoldOut(classItem) || waitlist;
  const closed = classItem.registrationOpen === false;
  const level = formatLevel(classItem.level);
  // Sold out or closed is the whole story, unless some of the family may join the waitlist.
  const showChoices = (!soldOut || waitlist) && !closed && hasKnownChoices(choices);
  const hasReason = soldOut || closed || Boolean(conflict) || Boolean(refusal) || showChoices;
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
        <button
          type="button"
          className="btn btn-primary w-100"
          disabled={selectDisabled}
          aria-describedby={hasReason ? `${titleId} ${reasonId}` : titleId}
          onClick={() => (waitlist ? onJoinWaitlist(classItem) : onSelect(classItem))}
        >
          {waitlist ? "Join the waitlist" : "Select"}
        </button>
      }
    >
      {classItem.categoryName && (
        <p className="card-text small text-uppercase fw-semibold text-body-secondary mb-2">
          {classItem.categoryName}
        </p>
      )}
      <p className="card-text mb-2">{formatScheduleSummary(classItem)}</p>
      <dl className="class-facts mb-0">
        <dt>Ages</dt>
        <dd>{formatAges(classItem)}</dd>
        {level && (
          <>
            <dt>Level</dt>
            <dd>{level}</dd>
          </>
        )}
        <dt>Instructor</dt>
        <dd>
          {classItem.instructorId ? (
            <Link to={paths.instructorPage(classItem.instructorId)}>
              {classItem.instructorName}
            </Link>
          ) : (
            classItem.instructorName
          )}
        </dd>
        <dt>Available seats</dt>
        <dd>{seatsFree(classItem)}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(classItem.price)}</dd>
      </dl>
      {hasReason && (
        <div id={reasonId} className="mt-2">
          {soldOut && <p className="fw-semibold text-danger-emphasis mb-0">No seats left</p>}
          {closed && <p className="fw-semibold text-body-secondary mb-0">Registration closed</p>}
          {conflict && (
            <p className="fw-semibold text-warning-emphasis mb-0">
              Meets at the same time as {conflict}
            </p>
          )}
          {refusal && <p className="fw-semibold text-warning-emphasis mb-0">{refusal}</p>}
          {showChoices && <WhoCanTake choices={choices} />}
        </div>
      )}
    </ImageCard>
  );
}
