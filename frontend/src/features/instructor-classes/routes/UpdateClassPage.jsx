import { Link, useParams } from "react-router-dom";

import { serverErrors } from "../../../components/forms/serverErrors";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useNotify } from "../../../lib/notices";
import { useMyClass } from "../../../api/myClasses";
import { useUpdateClass } from "../../../api/classes";
import { UpdateClassForm } from "../components/UpdateClassForm";
import { CLASS_FIELDS } from "../components/classFormValues";
import { uploadProblem } from "../../../api/images";
import { useClassImageUpload } from "../hooks/useClassImageUpload";

export function UpdateClassPage() {
  useTitle("Update Class");
  const { id } = useParams();
  const { user } = useAuth();
  const notify = useNotify();
  // Keyed by id: another class's data is never shown as this one's while it loads.
  const { data: classItem, error } = useMyClass(id);
  const update = useUpdateClass(id, user?.email);
  const upload = useClassImageUpload();

  // A replacement image goes to the image host first; the class keeps the address it answers.
  async function handleSubmit(values, { setErrors, setStatus, resetForm }) {
    setStatus(undefined);
    let image;
    try {
      image = await upload(values.image);
    } catch (error) {
      setErrors({ image: uploadProblem(error) });
      return;
    }
    try {
      await update({ ...values, image });
    } catch (updateError) {
      const { fields, formError } = serverErrors(updateError, CLASS_FIELDS);
      setErrors(fields);
      setStatus(formError || undefined);
      return;
    }
    // Saved: the new image is now the class's own, shown as the current one.
    resetForm({ values: { ...values, image } });
    notify("Good job! Your Class is Updated Successfully.");
  }

  let content;
  if (classItem) {
    content = <UpdateClassForm key={id} classItem={classItem} onSubmit={handleSubmit} />;
  } else if (error) {
    content = <ErrorAlert title="The class could not be loaded." error={error} />;
  } else {
    content = <Loading label="Loading the class…" />;
  }

  return (
    <section aria-labelledby="update-class-heading">
      <h1 id="update-class-heading" className="h2 mb-4">
        Update Class
      </h1>
      <p>
        <Link to={paths.dashboard.myClasses}>Back to My Classes</Link>
      </p>
      <div className="card shadow-sm">
        <div className="card-body p-4">{content}</div>
      </div>
    </section>
  );
}
