import { Link } from "react-router-dom";

import { CardGrid } from "../../../components/cards/CardGrid";
import { ParticipantFilter } from "../../../components/ui/ParticipantFilter";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useParticipantFilter } from "../../../hooks/useParticipantFilter";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useEnrolledClasses } from "../../../api/enrolledClasses";
import { CalendarFeed } from "../components/CalendarFeed";
import { EnrolledClassCard } from "../components/EnrolledClassCard";

// A row is an enrolment: the class's id alone repeats when two children share a class.
function enrolmentKey(enrolledClass) {
  return `${enrolledClass._id}:${enrolledClass.participantId ?? ""}`;
}

export function MyEnrolledClassesPage() {
  useTitle("My Enrolled Classes");
  const { user } = useAuth();
  const { participantId, chooseParticipant } = useParticipantFilter();
  // The whole list names the family's participants for the filter; the rows shown are the
  // server's answer for the one chosen (the same list, and request, when it is everyone).
  const { data: everyone } = useEnrolledClasses(user?.email);
  const { data: enrolled, error } = useEnrolledClasses(user?.email, participantId);

  return (
    <section aria-labelledby="my-enrolled-classes-heading">
      <h1 id="my-enrolled-classes-heading" className="h2 mb-4">
        My Enrolled Classes
      </h1>
      <ParticipantFilter
        everyone={everyone}
        shown={enrolled}
        participantId={participantId}
        onChange={chooseParticipant}
      />
      <QueryResult
        data={enrolled}
        error={error}
        loadingLabel="Loading your enrolled classes…"
        errorTitle="Your enrolled classes could not be loaded."
        emptyMessage={
          participantId ? (
            "No enrolled classes for this participant."
          ) : (
            <>
              You are not enrolled in any classes yet.{" "}
              <Link to={paths.dashboard.mySelectedClasses}>Pay for a selected class</Link>
            </>
          )
        }
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={enrolmentKey}
            renderItem={(enrolledClass) => <EnrolledClassCard enrolledClass={enrolledClass} />}
          />
        )}
      </QueryResult>
      <div className="mt-5">
        <CalendarFeed />
      </div>
    </section>
  );
}
