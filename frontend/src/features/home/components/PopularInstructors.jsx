import { Link } from "react-router-dom";
import { t } from "ttag";

import { CardGrid, CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { InstructorCard } from "../../../components/cards/InstructorCard";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { usePopularInstructors } from "../../../api/instructors";

export function PopularInstructors() {
  const { instructors, error } = usePopularInstructors();
  return (
    <section className="py-5" aria-labelledby="popular-instructors-heading">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-4">
        <h2 id="popular-instructors-heading" className="mb-0">
          {t`Most Popular Instructors`}
        </h2>
        <Link to={paths.instructors}>{t`See all instructors`}</Link>
      </div>
      <QueryResult
        data={instructors}
        error={error}
        loadingLabel={t`Loading instructors…`}
        placeholder={<CardGridPlaceholder imageWidth={300} imageHeight={300} lines={1} />}
        errorTitle={t`The instructors could not be loaded.`}
        emptyMessage={t`No instructors have joined yet.`}
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(instructor) => instructor.email}
            renderItem={(instructor) => <InstructorCard instructor={instructor} />}
          />
        )}
      </QueryResult>
    </section>
  );
}
