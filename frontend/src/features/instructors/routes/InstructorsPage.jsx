import { CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { useInstructors } from "../../../api/instructors";
import { InstructorsGrid } from "../components/InstructorsGrid";

export function InstructorsPage() {
  useTitle("All Instructors");
  const { instructors, error } = useInstructors();

  return (
    <div className="container py-5">
      <h1 className="mb-2">All Instructors</h1>
      <p className="lead text-body-secondary mb-4">
        Meet the artists and makers who teach at our summer camp.
      </p>
      <QueryResult
        data={instructors}
        error={error}
        loadingLabel="Loading instructors…"
        placeholder={<CardGridPlaceholder imageWidth={300} imageHeight={300} lines={1} />}
        errorTitle="The instructors could not be loaded."
        emptyMessage="No instructors have joined yet."
      >
        {(list) => <InstructorsGrid instructors={list} />}
      </QueryResult>
    </div>
  );
}
