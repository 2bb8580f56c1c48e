import { Link } from "react-router-dom";

import { CLASS_FACTS, ClassFacts } from "../../../components/cards/ClassFacts";
import { ImageCard } from "../../../components/cards/ImageCard";
import { paths } from "../../../config/paths";

// One of an instructor's approved classes on their page; the class's own page does the rest.
export function InstructorClassCard({ classItem, imagePriority }) {
  return (
    <ImageCard
      image={classItem.image}
      imageAlt={classItem.nameClass}
      imageCategory={classItem.categoryName}
      imagePriority={imagePriority}
      title={<Link to={paths.classPage(classItem._id)}>{classItem.nameClass}</Link>}
      headingLevel={3}
    >
      <ClassFacts classItem={classItem} facts={CLASS_FACTS.instructorsPage} />
    </ImageCard>
  );
}
