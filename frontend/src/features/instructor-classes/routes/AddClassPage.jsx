import { t } from "ttag";

import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { useCreateClass } from "../../../api/classes";
import { AddClassForm } from "../components/AddClassForm";
import { useClassSubmit } from "../hooks/useClassSubmit";

export function AddClassPage() {
  useTitle(t`Add a Class`);
  const { user } = useAuth();
  const notify = useNotify();
  const create = useCreateClass(user);

  // The banner goes to the image host first; the class is proposed with the address it answers.
  const handleSubmit = useClassSubmit(create, (_saved, { resetForm }) => {
    resetForm();
    notify(t`The class has been added successfully`);
  });

  return (
    <section aria-labelledby="add-class-heading">
      <h1 id="add-class-heading" className="h2 mb-4">
        {t`Add a Class`}
      </h1>
      <p className="text-body-secondary">
        {t`A new class waits for an admin to approve it before students can see it.`}
      </p>
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <AddClassForm instructor={user} onSubmit={handleSubmit} />
        </div>
      </div>
    </section>
  );
}
