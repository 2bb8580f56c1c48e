import { Link } from "react-router-dom";

import { CardGrid } from "../../../components/cards/CardGrid";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useEnrolledClasses } from "../../../api/enrolledClasses";
import { CalendarFeed } from "../components/CalendarFeed";
import { EnrolledClassCard } from "../components/EnrolledClassCard";

export function MyEnrolledClassesPage() {
  useTitle("My Enrolled Classes");
  const { user } = useAuth();
  const { data: enrolled, error } = useEnrolledClasses(user?.email);

  return (
    <section aria-labelledby="my-enrolled-classes-heading">
      <h1 id="my-enrolled-classes-heading" className="h2 mb-4">
        My Enrolled Classes
      </h1>
      <QueryResult
        data={enrolled}
        error={error}
        loadingLabel="Loading your enrolled classes…"
        errorTitle="Your enrolled classes could not be loaded."
        emptyMessage={
          <>
            You are not enrolled in any classes yet.{" "}
            <Link to={paths.dashboard.mySelectedClasses}>Pay for a selected class</Link>
          </>
        }
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(enrolledClass) => enrolledClass._id}
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
