import { Link } from "react-router-dom";

import { ImageCard } from "../../../components/cards/ImageCard";
import { formatPrice } from "../../../components/ui/formatPrice";
import { formatAges, formatScheduleSummary } from "../../../components/ui/schedule";
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
      <dl className="class-facts mb-0">
        <dt>When</dt>
        <dd>{formatScheduleSummary(classItem)}</dd>
        <dt>Ages</dt>
        <dd>{formatAges(classItem)}</dd>
        <dt>Price</dt>
        <dd>{formatPrice(classItem.price)}</dd>
      </dl>
    </ImageCard>
  );
}
