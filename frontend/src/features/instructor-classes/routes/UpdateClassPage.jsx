import { Link, useParams } from "react-router-dom";
import { t } from "ttag";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { useMyClass } from "../../../api/myClasses";
import { useUpdateClass } from "../../../api/classes";
import { UpdateClassForm } from "../components/UpdateClassForm";
import { useClassSubmit } from "../hooks/useClassSubmit";

export function UpdateClassPage() {
  useTitle(t`Update Class`);
  const { id } = useParams();
  const { user } = useAuth();
  const notify = useNotify();
  // Keyed by id: another class's data is never shown as this one's while it loads.
  const { data: classItem, error } = useMyClass(id);
  const update = useUpdateClass(id, user?.email);

  // A replacement image goes to the image host first; the class keeps the address it answers.
  const handleSubmit = useClassSubmit(update, (saved, { resetForm }) => {
    // Saved: the new image is now the class's own, shown as the current one.
    resetForm({ values: saved });
    notify(t`Good job! Your Class is Updated Successfully.`);
  });

  let content;
  if (classItem) {
    content = <UpdateClassForm key={id} classItem={classItem} onSubmit={handleSubmit} />;
  } else if (error) {
    content = <ErrorAlert title={t`The class could not be loaded.`} error={error} />;
  } else {
    content = <Loading label={t`Loading the class…`} />;
  }

  return (
    <section aria-labelledby="update-class-heading">
      <h1 id="update-class-heading" className="h2 mb-4">
        {t`Update Class`}
      </h1>
      <p>
        <Link to={paths.dashboard.myClasses}>{t`Back to My Classes`}</Link>
      </p>
      <div className="card shadow-sm">
        <div className="card-body p-4">{content}</div>
      </div>
    </section>
  );
}
