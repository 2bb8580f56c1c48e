import { CardGrid } from "../../../components/cards/CardGrid";
import { InstructorCard } from "../../../components/cards/InstructorCard";

// The grid sits right under the page heading, so card titles are h2.
export function InstructorsGrid({ instructors }) {
  return (
    <CardGrid
      items={instructors}
      getKey={(instructor) => instructor.email}
      renderItem={(instructor) => <InstructorCard instructor={instructor} headingLevel={2} />}
    />
  );
}
