import { CardGrid } from "../../../components/cards/CardGrid";
import { InstructorCard } from "../../../components/cards/InstructorCard";
import { paths } from "../../../config/paths";

// The grid sits right under the page heading: card titles are h2, and the first row is in view.
// An instructor the list names by id links to their page.
export function InstructorsGrid({ instructors }) {
  return (
    <CardGrid
      items={instructors}
      getKey={(instructor) => instructor.email}
      atTop
      renderItem={(instructor, imagePriority) => (
        <InstructorCard
          instructor={instructor}
          headingLevel={2}
          imagePriority={imagePriority}
          to={instructor._id != null ? paths.instructorPage(instructor._id) : undefined}
        />
      )}
    />
  );
}
