import { Link, useParams } from "react-router-dom";
import { t } from "ttag";

import { useClass } from "../../../api/classes";
import { useClassMessages } from "../../../api/classMessages";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { ClassMessageForm } from "../components/ClassMessageForm";
import { ClassMessageHistory } from "../components/ClassMessageHistory";

/*
 * A class's instructor (from My Classes or the roster) or an admin (from Manage Classes) writes to
 * its families: one e-mail each from the school, kept for them on the class's page. Below the
 * form, what was written before. Another instructor's class is answered 404, as if absent.
 */
export function ClassMessagesPage() {
  const { id } = useParams();
  const { role } = useAuth();
  const { classItem } = useClass(id);
  const { data: messages, error } = useClassMessages(id);
  const name = classItem?.nameClass;
  const title = name ? t`Message families: ${name}` : t`Message families`;
  useTitle(title);

  const back =
    role === "admin"
      ? { to: paths.dashboard.manageClasses, label: t`Back to Manage Classes` }
      : { to: paths.dashboard.myClasses, label: t`Back to My Classes` };
  const notYours = !messages && error?.status === 404;

  return (
    <section aria-labelledby="class-messages-heading">
      <h1 id="class-messages-heading" className="h2 mb-3">
        {title}
      </h1>
      <p className="d-flex flex-wrap column-gap-3">
        <Link to={back.to}>{back.label}</Link>
        {!notYours && <Link to={paths.dashboard.classRoster(id)}>{t`See the roster`}</Link>}
        {!notYours && <Link to={paths.classPage(id)}>{t`See the class's page`}</Link>}
      </p>
      {notYours ? (
        <ErrorAlert title={t`This class could not be found.`} error={error} />
      ) : (
        <div className="row">
          <div className="col-xl-8">
            <p>
              {t`Each family gets one e-mail from the school, naming you as the sender; your own e-mail address is not shown. Replies go to the school's office. Web addresses that start with http:// or https:// become clickable links.`}
            </p>
            <p>{t`Families can read every message again on the class's page.`}</p>
            <ClassMessageForm classId={id} />
            <section aria-labelledby="past-messages-heading" className="mt-5">
              <h2 id="past-messages-heading" className="h4 mb-3">
                {t`Past messages`}
              </h2>
              <QueryResult
                data={messages}
                error={error}
                loadingLabel={t`Loading past messages…`}
                errorTitle={t`The past messages could not be loaded.`}
                emptyMessage={t`No message has been sent to this class's families yet.`}
              >
                {(list) => <ClassMessageHistory messages={list} />}
              </QueryResult>
            </section>
          </div>
        </div>
      )}
    </section>
  );
}
