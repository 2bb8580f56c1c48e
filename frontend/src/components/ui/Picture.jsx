import { useEffect, useRef, useState } from "react";

import { useHydrating } from "../../lib/hydrating";

import "./picture.css";
import { srcSetOf } from "./pictureSources";

// The same name always gets the same tint, so a person or a category is recognisable anywhere.
function hueOf(text) {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)) % 360;
  return hash;
}

function initialOf(word) {
  return Array.from(word)[0]?.toUpperCase() ?? "";
}

// "Maya Lindqvist" -> "ML", "Ada" -> "A", "sam@camp.test" -> "S".
export function initialsOf(name) {
  const words = (name || "").trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return initialOf(words[0] ?? "");
  return initialOf(words[0]) + initialOf(words[words.length - 1]);
}

/*
 * Every picture of a class or a person. Its box is fixed by width/height (aspect-ratio), whatever
 * arrives: the photo fills it without distortion (object-fit: cover), and a missing or broken
 * address shows a tinted stand-in of the same size instead of an empty box with its alt text.
 * A class's stand-in shows its category (else its initial); a person's, their initials. The
 * stand-in is only to look at: assistive technology reads the same alt text as for the photo.
 *
 * fluid: the box takes its container's width (cards, pages); otherwise it is width x height px.
 * priority: "lazy", "eager" or "high" (the page's largest paint); unset, the browser's default.
 * sizes: how wide a fluid box is shown (PICTURE_SIZES), so that a picture with smaller copies
 * (srcSetOf) is downloaded at that width; a fixed box is its width.
 */
export function Picture({
  src,
  alt = "",
  name = alt,
  category,
  person = false,
  width,
  height,
  fluid = false,
  round = false,
  priority,
  sizes,
  title,
  referrerPolicy,
  className = "",
}) {
  // Remembers which address failed, so a new address (a re-upload) gets its chance.
  const [failed, setFailed] = useState(null);
  // A picture the server drew may fail before the app is here to hear it: taking the page over,
  // a picture already given up on is failed now.
  const image = useRef(null);
  const hydrating = useHydrating();
  useEffect(() => {
    const element = image.current;
    if (hydrating && element?.complete && element.naturalWidth === 0) setFailed(src);
  }, [hydrating, src]);
  const classes = `picture${fluid ? " picture-fluid" : ""}${round ? " rounded-circle" : ""} ${className}`;
  const aspectRatio = `${width} / ${height}`;

  if (src && failed !== src) {
    const srcSet = srcSetOf(src);
    return (
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet && (sizes ?? (fluid ? "100vw" : `${width}px`))}
        alt={alt}
        title={title}
        width={width}
        height={height}
        loading={priority && (priority === "lazy" ? "lazy" : "eager")}
        fetchPriority={priority === "high" ? "high" : undefined}
        decoding="async"
        referrerPolicy={referrerPolicy}
        className={classes}
        style={{ aspectRatio }}
        ref={image}
        onError={() => setFailed(src)}
      />
    );
  }

  // A thumbnail has no room for a word and a drawing (picture.css's palette): initials alone.
  const initials = person || (!fluid && width < 120);
  const named = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
  return (
    <div
      {...named}
      title={title}
      className={`${classes} picture-placeholder picture-${initials ? "initials" : "motif"}`}
      style={{
        aspectRatio,
        width: fluid ? undefined : `${width}px`,
        "--picture-hue": hueOf(category || name),
      }}
    >
      <span aria-hidden="true">
        {initials ? initialsOf(name) : category || initialOf(name.trim())}
      </span>
    </div>
  );
}
