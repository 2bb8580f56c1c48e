import { t } from "ttag";

import { config } from "../../../config/config";
import { useAfterFirstPaint } from "../../../hooks/useAfterFirstPaint";
import { useTitle } from "../../../hooks/useTitle";
import { AboutSection } from "../components/AboutSection";
import { HeroCarousel } from "../components/HeroCarousel";
import { heroSlides } from "../components/heroSlides";
import { PopularClasses } from "../components/PopularClasses";
import { PopularInstructors } from "../components/PopularInstructors";
import { StartingSoon } from "../components/StartingSoon";

export function HomePage() {
  useTitle(t`Home`);
  const belowTheFold = useAfterFirstPaint();
  return (
    <>
      <h1 className="visually-hidden">{t`${config.siteName}: summer camp art and craft school`}</h1>
      <HeroCarousel slides={heroSlides} autoPlay />
      <div className="container">
        <AboutSection />
        {belowTheFold ? (
          <>
            <PopularClasses />
            <StartingSoon />
            <PopularInstructors />
          </>
        ) : (
          // Holds the footer below the fold until the lists are drawn, so nothing in view moves.
          <div className="min-vh-100" />
        )}
      </div>
    </>
  );
}
