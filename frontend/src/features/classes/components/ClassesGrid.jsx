import { useState } from "react";

import { CardGrid } from "../../../components/cards/CardGrid";
import { useAuth } from "../../../lib/auth";
import { ClassCard } from "./ClassCard";
import { ForWhomDialog } from "./ForWhomDialog";
import { LoginRequiredDialog } from "./LoginRequiredDialog";
import { selectAvailability } from "./selectRules";

/*
 * The public classes grid. A visitor pressing Select is asked to log in; for a signed-in student
 * the press goes to onSelect(classItem), or, when the student's `family` has several
 * participants, first asks for whom and goes to onSelect(classItem, participant). Select follows
 * selectAvailability: `held` are the classes the family already selected or is enrolled in,
 * `eligibilityByClass` the server's word on who can take which, `waiting` is true while the
 * student's lists load or a select is on its way.
 */
export function ClassesGrid({
  classes,
  onSelect,
  held = [],
  waiting = false,
  family = null,
  eligibilityByClass,
}) {
  const { user, role, loading } = useAuth();
  const [visitorChoice, setVisitorChoice] = useState(null);
  const [askingForWhom, setAskingForWhom] = useState(null);

  function availabilityOf(classItem) {
    return selectAvailability(classItem, {
      // While the session is still loading we cannot tell a visitor from a student.
      sessionLoading: loading,
      waiting,
      role,
      held,
      family,
      eligibility: eligibilityByClass?.[classItem._id],
    });
  }

  function handleSelect(classItem) {
    if (!user) setVisitorChoice(classItem);
    else if (family) setAskingForWhom(classItem);
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
          const { disabled, conflict, refusal, choices } = availabilityOf(classItem);
          return (
            <ClassCard
              classItem={classItem}
              imagePriority={imagePriority}
              selectDisabled={disabled}
              conflict={conflict}
              refusal={refusal}
              choices={choices}
              onSelect={handleSelect}
            />
          );
        }}
      />
      {visitorChoice && (
        <LoginRequiredDialog classItem={visitorChoice} onClose={() => setVisitorChoice(null)} />
      )}
      {askingForWhom && family && (
        <ForWhomDialog
          classItem={askingForWhom}
          choices={availabilityOf(askingForWhom).choices}
          onChoose={(participant) => {
            setAskingForWhom(null);
            onSelect?.(askingForWhom, participant);
          }}
          onClose={() => setAskingForWhom(null)}
        />
      )}
    </>
  );
}
