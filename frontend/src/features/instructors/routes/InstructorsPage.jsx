import { t } from "ttag";

import { CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { QueryResult } from "../../../components/ui/QueryResult";
import { useTitle } from "../../../hooks/useTitle";
import { useInstructors } from "../../../api/instructors";
import { InstructorsGrid } from "../components/InstructorsGrid";

export function InstructorsPage() {
  useTitle(t`All Instructors`);
  const { instructors, error } = useInstructors();

  return (
    <div className="container py-5">
      <h1 className="mb-2">{t`All Instructors`}</h1>
      <p className="lead text-body-secondary mb-4">
        {t`Meet the artists and makers who teach at our summer camp.`}
      </p>
      <QueryResult
        data={instructors}
        error={error}
        loadingLabel={t`Loading instructors…`}
        placeholder={<CardGridPlaceholder imageWidth={300} imageHeight={300} lines={1} />}
        errorTitle={t`The instructors could not be loaded.`}
        emptyMessage={t`No instructors have joined yet.`}
      >
        {(list) => <InstructorsGrid instructors={list} />}
      </QueryResult>
    </div>
  );
}
