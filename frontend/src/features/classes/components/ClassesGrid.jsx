import { useState } from "react";

import { CardGrid } from "../../../components/cards/CardGrid";
import { useAuth } from "../../../lib/auth";
import { ClassCard } from "./ClassCard";
import { LoginRequiredDialog } from "./LoginRequiredDialog";

// Admins and instructors teach or run classes; they cannot select them (spec).
const CANNOT_SELECT = ["admin", "instructor"];

/*
 * The public classes grid. A visitor pressing Select is asked to log in; for a signed-in student
 * the press goes to onSelect(classItem). Select stays off for classes in takenClassIds (already
 * selected or enrolled), while waiting (the student's selections still loading, or a select on
 * its way), for admins and instructors, and when no seats are left.
 */
export function ClassesGrid({ classes, onSelect, takenClassIds, waiting = false }) {
  const { user, role, loading } = useAuth();
  const [visitorChoice, setVisitorChoice] = useState(null);

  function handleSelect(classItem) {
    if (!user) setVisitorChoice(classItem);
    else onSelect?.(classItem);
  }

  return (
    <>
      <CardGrid
        items={classes}
        getKey={(classItem) => classItem._id}
        // Right under the page heading: the first row is in view on arrival.
        atTop
        renderItem={(classItem, imagePriority) => (
          <ClassCard
            classItem={classItem}
            imagePriority={imagePriority}
            // While the session is still loading we cannot tell a visitor from a student.
            selectDisabled={
              loading ||
              waiting ||
              CANNOT_SELECT.includes(role) ||
              classItem.seats === 0 ||
              Boolean(takenClassIds?.has(classItem._id))
            }
            onSelect={handleSelect}
          />
        )}
      />
      {visitorChoice && (
        <LoginRequiredDialog classItem={visitorChoice} onClose={() => setVisitorChoice(null)} />
      )}
    </>
  );
}
