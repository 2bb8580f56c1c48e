import { Link } from "react-router-dom";

import { CardGrid } from "../../../components/cards/CardGrid";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useMyClasses } from "../../../api/myClasses";
import { MyClassCard } from "../components/MyClassCard";

export function MyClassesPage() {
  useTitle("My Classes");
  const { user } = useAuth();
  const { data: classes, error } = useMyClasses(user?.email);

  return (
    <section aria-labelledby="my-classes-heading">
      <h1 id="my-classes-heading" className="h2 mb-4">
        My Classes
      </h1>
      <QueryResult
        data={classes}
        error={error}
        loadingLabel="Loading your classes…"
        errorTitle="Your classes could not be loaded."
        emptyMessage={
          <>
            You have not added a class yet. <Link to={paths.dashboard.addClass}>Add a Class</Link>
          </>
        }
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(classItem) => classItem._id}
            renderItem={(classItem) => <MyClassCard classItem={classItem} />}
          />
        )}
      </QueryResult>
    </section>
  );
}
