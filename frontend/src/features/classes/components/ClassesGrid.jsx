import { useState } from "react";

import { CardGrid } from "../../../components/cards/CardGrid";
import { useAuth } from "../../../lib/auth";
import { ClassCard } from "./ClassCard";
import { LoginRequiredDialog } from "./LoginRequiredDialog";
import { selectAvailability } from "./selectRules";

/*
 * The public classes grid. A visitor pressing Select is asked to log in; for a signed-in student
 * the press goes to onSelect(classItem). Select follows selectAvailability: `held` are the
 * classes the student already selected or is enrolled in, `waiting` is true while the student's
 * lists load or a select is on its way.
 */
export function ClassesGrid({ classes, onSelect, held = [], waiting = false }) {
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
        renderItem={(classItem, imagePriority) => {
          const { disabled, conflict } = selectAvailability(classItem, {
            // While the session is still loading we cannot tell a visitor from a student.
            sessionLoading: loading,
            waiting,
            role,
            held,
          });
          return (
            <ClassCard
              classItem={classItem}
              imagePriority={imagePriority}
              selectDisabled={disabled}
              conflict={conflict}
              onSelect={handleSelect}
            />
          );
        }}
      />
      {visitorChoice && (
        <LoginRequiredDialog classItem={visitorChoice} onClose={() => setVisitorChoice(null)} />
      )}
    </>
  );
}
