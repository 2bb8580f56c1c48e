import { Link } from "react-router-dom";
import { t } from "ttag";

import { ImageCard } from "../../../components/cards/ImageCard";
import { paths } from "../../../config/paths";

// A class as home shows one: picture, name (to the class's page), instructor, and a line or two.
export function ClassPreviewCard({ classItem, children }) {
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      imageCategory={classItem.categoryName}
      title={<Link to={paths.classPage(classItem._id)}>{classItem.nameClass}</Link>}
    >
      <p className="card-text mb-1">{t`Instructor: ${classItem.instructorName}`}</p>
      {children}
    </ImageCard>
  );
}
