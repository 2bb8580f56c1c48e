import { t } from "ttag";

import { useStartingSoonClasses } from "../../../api/classes";
import { CardGrid, CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { QueryResult } from "../../../components/ui/QueryResult";
import { formatAges, formatScheduleSummary } from "../../../components/ui/schedule";
import { ClassPreviewCard } from "./ClassPreviewCard";

// The next approved classes to begin, soonest first. Between seasons there are none, and the
// section steps aside rather than announce an empty list.
export function StartingSoon() {
  const { classes, error } = useStartingSoonClasses();
  if (classes?.length === 0) return null;
  return (
    <section className="py-5" aria-labelledby="starting-soon-heading">
      <h2 id="starting-soon-heading">{t`Starting soon`}</h2>
      <p className="text-body-secondary mb-4">
        {t`Classes about to begin: there is still time to join.`}
      </p>
      <QueryResult
        data={classes}
        error={error}
        loadingLabel={t`Loading the classes starting soon…`}
        placeholder={<CardGridPlaceholder lines={3} />}
        errorTitle={t`The classes starting soon could not be loaded.`}
        emptyMessage=""
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(classItem) => classItem._id}
            renderItem={(classItem) => (
              <ClassPreviewCard classItem={classItem}>
                <p className="card-text mb-1">{formatScheduleSummary(classItem)}</p>
                <p className="card-text text-body-secondary mb-0">{formatAges(classItem)}</p>
              </ClassPreviewCard>
            )}
          />
        )}
      </QueryResult>
    </section>
  );
}
