import { useId } from "react";

import { ImageCard } from "../../../components/cards/ImageCard";
import { formatPrice } from "../../../components/ui/formatPrice";

// One approved class on the public list; a class with no seats left is shaded red.
export function ClassCard({ classItem, imagePriority, selectDisabled, onSelect }) {
  const titleId = useId();
  const soldOut = classItem.seats === 0;
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      imagePriority={imagePriority}
      title={classItem.nameClass}
      titleId={titleId}
      // The grid sits right under the page heading.
      headingLevel={2}
      className={soldOut ? "bg-danger-subtle border-danger" : ""}
      footer={
        <button
          type="button"
          className="btn btn-primary w-100"
          disabled={selectDisabled}
          aria-describedby={titleId}
          onClick={() => onSelect(classItem)}
        >
          Select
        </button>
      }
    >
      <dl className="class-facts mb-0">
        <dt>Instructor</dt>
        <dd>{classItem.instructorName}</dd>
        <dt>Available seats</dt>
        <dd>{classItem.seats}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(classItem.price)}</dd>
      </dl>
      {soldOut && <p className="fw-semibold text-danger-emphasis mt-2 mb-0">No seats left</p>}
    </ImageCard>
  );
}
