import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { useApprovedClasses } from "../api/getClasses";
import { ClassesGrid } from "../components/ClassesGrid";

export function ClassesPage() {
  useTitle("All Classes");
  const { classes, error } = useApprovedClasses();

  return (
    <div className="container py-5">
      <h1 className="mb-2">All Classes</h1>
      <p className="lead text-body-secondary mb-4">
        Find a class you love and save your seat before the summer fills up.
      </p>
      <QueryResult
        data={classes}
        error={error}
        loadingLabel="Loading classes…"
        errorTitle="The classes could not be loaded."
        emptyMessage="No classes are open yet."
      >
        {(approved) => <ClassesGrid classes={approved} />}
      </QueryResult>
    </div>
  );
}
