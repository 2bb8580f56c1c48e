import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../../../config/paths";
import { useHydrating } from "../../../lib/hydrating";

export const DEFAULT_INTERVAL_MS = 3000;

function indicatorLabel(index, title) {
  const slideNumber = index + 1;
  return t`Slide ${slideNumber}: ${title}`;
}

function slideLabel(index, count) {
  const slideNumber = index + 1;
  return t`${slideNumber} of ${count}`;
}

// Someone who asked their system for less motion gets a show that waits for them to press Play.
function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/*
 * A slide show driven by React state (no Bootstrap JS), following the WAI-ARIA carousel
 * pattern: named controls, indicators that mark the current slide, and, when it plays by itself,
 * a pause button and a pause while the pointer or keyboard focus is inside. The spec gives a
 * 3000 ms interval but does not confirm autoplay, so it is off unless asked for; home asks.
 */
export function HeroCarousel({
  slides,
  autoPlay = false,
  interval = DEFAULT_INTERVAL_MS,
  label = t`Highlights`,
}) {
  const count = slides.length;
  const [active, setActive] = useState(0);
  // The server cannot know a reader's motion setting and draws the show playing; a reader who
  // asks for less motion has it stopped as the page is taken over.
  const hydrating = useHydrating();
  const [playing, setPlaying] = useState(() => autoPlay && (hydrating || !prefersReducedMotion()));
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
  }, []);
  const [held, setHeld] = useState(false);
  const rotating = playing && !held;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setInterval(() => setActive((index) => (index + 1) % count), interval);
    return () => clearInterval(timer);
  }, [rotating, interval, count]);

  const goTo = (index) => setActive((index + count) % count);

  return (
    <section
      className="carousel slide hero"
      aria-roledescription={t`carousel`}
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {/*
       * First in the tab order, so the pause button is reached before anything moves on; the
       * indicators sit over the slides' foot wherever they are in the page.
       */}
      <div className="carousel-indicators hero-indicators">
        {autoPlay && (
          <button
            type="button"
            className="btn btn-sm btn-light hero-play"
            onClick={() => {
              // Play is asked for explicitly: it runs even with the pointer or focus on it.
              if (!playing) setHeld(false);
              setPlaying(!playing);
            }}
          >
            {playing ? t`Pause slides` : t`Play slides`}
          </button>
        )}
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            className={`hero-indicator${index === active ? " active" : ""}`}
            aria-label={indicatorLabel(index, slide.title)}
            aria-current={index === active ? "true" : undefined}
            onClick={() => goTo(index)}
          />
        ))}
      </div>
      {/* A rotating slide show must not keep interrupting a screen reader. */}
      <div className="carousel-inner" aria-live={rotating ? "off" : "polite"}>
        {slides.map((slide, index) => (
          <div
            key={slide.title}
            className={`carousel-item hero-slide ${slide.className}${index === active ? " active" : ""}`}
            role="group"
            aria-roledescription={t`slide`}
            aria-label={slideLabel(index, count)}
            hidden={index !== active}
          >
            <div className="container hero-slide-body">
              <h2 className="display-5 fw-bold">{slide.title}</h2>
              <p className="lead mb-4">{slide.text}</p>
              {/* The spec's "button" leads on to the classes, so it is a link that looks like one. */}
              <Link className="btn btn-light btn-lg" to={paths.classes}>
                {t`Know More`}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <button type="button" className="carousel-control-prev" onClick={() => goTo(active - 1)}>
        <span className="carousel-control-prev-icon" aria-hidden="true" />
        <span className="visually-hidden">{t`Previous slide`}</span>
      </button>
      <button type="button" className="carousel-control-next" onClick={() => goTo(active + 1)}>
        <span className="carousel-control-next-icon" aria-hidden="true" />
        <span className="visually-hidden">{t`Next slide`}</span>
      </button>
    </section>
  );
}
