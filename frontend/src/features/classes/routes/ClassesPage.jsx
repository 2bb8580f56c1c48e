import { useMemo, useState } from "react";

import { CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { useApprovedClasses } from "../../../api/classes";
import { useEnrolledClassesOrNone } from "../../../api/enrolledClasses";
import { useSelectClass, useSelections } from "../../../api/selections";
import { ClassesGrid } from "../components/ClassesGrid";

export function ClassesPage() {
  useTitle("All Classes");
  const { user, role } = useAuth();
  const notify = useNotify();
  const { classes, total, error, moreError, hasMore, loadingMore, loadMore } = useApprovedClasses();
  // Only students select; nobody else's selections or enrolments are asked for.
  const studentEmail = user && role === "student" ? user.email : null;
  const selections = useSelections(studentEmail);
  const { enrolled, isLoading: enrolledLoading } = useEnrolledClassesOrNone(studentEmail);
  const select = useSelectClass(studentEmail);
  const [selecting, setSelecting] = useState(null);
  // Selected on this visit: off at once, without waiting for the refreshed list.
  const [justSelected, setJustSelected] = useState(() => new Set());
  const [failure, setFailure] = useState("");

  const takenClassIds = useMemo(() => {
    const taken = new Set(justSelected);
    for (const selection of selections.data || []) taken.add(selection.classId);
    for (const classItem of enrolled || []) taken.add(classItem._id);
    return taken;
  }, [justSelected, selections.data, enrolled]);

  // Until the student's own lists are known, a Select could only earn a refusal. A list that
  // failed to load does not block: the server still refuses a duplicate.
  const listsLoading = Boolean(studentEmail) && (selections.isLoading || enrolledLoading);

  async function handleSelect(classItem) {
    setSelecting(classItem._id);
    setFailure("");
    try {
      await select(classItem);
      setJustSelected((previous) => new Set(previous).add(classItem._id));
      notify(`${classItem.nameClass} is Selected Successfully`);
    } catch (selectError) {
      setFailure(selectError.message);
    } finally {
      setSelecting(null);
    }
  }

  return (
    <div className="container py-5">
      <h1 className="mb-2">All Classes</h1>
      <p className="lead text-body-secondary mb-4">
        Find a class you love and save your seat before the summer fills up.
      </p>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      <QueryResult
        data={classes}
        error={error}
        loadingLabel="Loading classes…"
        placeholder={<CardGridPlaceholder lines={3} withButton />}
        errorTitle="The classes could not be loaded."
        emptyMessage="No classes are open yet."
      >
        {(approved) => (
          <>
            <ClassesGrid
              classes={approved}
              onSelect={handleSelect}
              takenClassIds={takenClassIds}
              waiting={listsLoading || selecting !== null}
            />
            <div className="d-flex flex-column align-items-center gap-3 mt-4">
              {/* Read out after each Load more, so the new cards are known to be there. */}
              <p className="text-body-secondary mb-0" aria-live="polite">
                {total === null
                  ? `Showing ${approved.length} classes`
                  : `Showing ${approved.length} of ${total} classes`}
              </p>
              {moreError && (
                <ErrorAlert title="More classes could not be loaded." error={moreError} />
              )}
              {hasMore && (
                <button
                  type="button"
                  className="btn btn-outline-primary"
                  // Not disabled while loading: a disabled button would drop the keyboard focus.
                  aria-disabled={loadingMore}
                  onClick={() => {
                    if (!loadingMore) loadMore();
                  }}
                >
                  {loadingMore ? "Loading more classes…" : "Load more classes"}
                </button>
              )}
            </div>
          </>
        )}
      </QueryResult>
    </div>
  );
}
