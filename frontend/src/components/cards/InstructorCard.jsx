import { Link } from "react-router-dom";
import { t } from "ttag";

import { ImageCard } from "./ImageCard";

// An instructor as the public pages show one: photo, name (linked to `to`, their page, when
// given) and e-mail.
export function InstructorCard({ instructor, headingLevel, imagePriority, to }) {
  return (
    <ImageCard
      image={instructor.photo}
      imageAlt={instructor.name}
      person
      imageWidth={300}
      imageHeight={300}
      imagePriority={imagePriority}
      title={to ? <Link to={to}>{instructor.name}</Link> : instructor.name}
      headingLevel={headingLevel}
    >
      <p className="card-text mb-0 text-break">
        <span className="visually-hidden">{t`E-mail:`} </span>
        <a href={`mailto:${instructor.email}`}>{instructor.email}</a>
      </p>
    </ImageCard>
  );
}
