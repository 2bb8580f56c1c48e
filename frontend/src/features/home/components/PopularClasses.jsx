import { msgid, ngettext, t } from "ttag";

import { CardGrid, CardGridPlaceholder } from "../../../components/cards/CardGrid";
import { QueryResult } from "../../../components/ui/QueryResult";
import { usePopularClasses } from "../../../api/popularClasses";
import { ClassPreviewCard } from "./ClassPreviewCard";

function enrolledText(count) {
  return ngettext(msgid`${count} student enrolled`, `${count} students enrolled`, count);
}

export function PopularClasses() {
  const { classes, error } = usePopularClasses();
  return (
    <section className="py-5" aria-labelledby="popular-classes-heading">
      <h2 id="popular-classes-heading">{t`Popular Classes`}</h2>
      <p className="text-body-secondary mb-4">{t`The classes campers enrol in most.`}</p>
      <QueryResult
        data={classes}
        error={error}
        loadingLabel={t`Loading popular classes…`}
        placeholder={<CardGridPlaceholder />}
        errorTitle={t`The popular classes could not be loaded.`}
        emptyMessage={t`No classes are open yet.`}
      >
        {(list) => (
          <CardGrid
            items={list}
            getKey={(classItem) => classItem._id}
            renderItem={(classItem) => (
              <ClassPreviewCard classItem={classItem}>
                <p className="card-text text-body-secondary mb-0">
                  {enrolledText(classItem.enroll)}
                </p>
              </ClassPreviewCard>
            )}
          />
        )}
      </QueryResult>
    </section>
  );
}
