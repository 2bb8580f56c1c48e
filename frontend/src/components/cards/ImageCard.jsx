import { useId } from "react";

import { Picture } from "../ui/Picture";
import { PICTURE_SIZES } from "../ui/pictureSources";

/*
 * A card with a picture on top, a title and free content. The card is an article named by its
 * title, so a list of cards reads as a list of named items. The title is an h3 under a section's
 * h2, or an h2 straight under a page's h1 (headingLevel 2). Most cards sit below the fold, so
 * the picture loads lazily by default and decodes off the main thread; its width and height
 * attributes (and aspect ratio) keep its box while it loads, so nothing below it shifts. A
 * grid at the top of its page gives its first card an imagePriority of "high" (no wait for the
 * lazy loader): the page's largest paint. A missing or broken
 * picture shows the class's category (imageCategory), or a person's initials, in its place.
 * Its copies are chosen for a card of the three-column grid (PICTURE_SIZES.card).
 */
export function ImageCard({
  image,
  imageAlt,
  imageCategory,
  person = false,
  imageWidth = 400,
  imageHeight = 300,
  imagePriority = "lazy",
  title,
  titleId,
  headingLevel = 3,
  className = "",
  children,
  footer,
}) {
  const generatedId = useId();
  const headingId = titleId || generatedId;
  const Heading = `h${headingLevel}`;
  return (
    <article className={`card h-100 shadow-sm ${className}`} aria-labelledby={headingId}>
      <Picture
        src={image}
        alt={imageAlt}
        category={imageCategory}
        person={person}
        width={imageWidth}
        height={imageHeight}
        fluid
        priority={imagePriority}
        sizes={PICTURE_SIZES.card}
        className="card-img-top"
      />
      <div className="card-body">
        <Heading className="card-title h5" id={headingId}>
          {title}
        </Heading>
        {children}
      </div>
      {footer && <div className="card-footer bg-transparent border-0 pt-0 pb-3">{footer}</div>}
    </article>
  );
}
