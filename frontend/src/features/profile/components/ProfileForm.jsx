import { Form, Formik, useFormikContext } from "formik";

import { FormField } from "../../../components/forms/FormField";
import { ImageFileField, useImagePreview } from "../../../components/forms/ImageFileField";
import { Picture } from "../../../components/ui/Picture";
import { nameAndPhotoSchema } from "./profileSchema";

// The photo as it will look: the file just chosen, else the one the school has now.
function PhotoPreview({ current, name }) {
  const { values } = useFormikContext();
  const chosen = useImagePreview(values.photo);

  return (
    <Picture
      src={chosen || current}
      alt={chosen ? "Your new photo" : "Your photo"}
      name={values.name || name}
      person
      width={96}
      height={96}
      round
      className="flex-shrink-0"
    />
  );
}

/*
 * The name and photo the school shows of the person. A new photo is a file, uploaded on Save;
 * without one the current photo stays. onSubmit receives Formik's (values, helpers).
 */
export function ProfileForm({ profile, onSubmit }) {
  return (
    <Formik
      initialValues={{ name: profile.name ?? "", photo: null }}
      validationSchema={nameAndPhotoSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate aria-label="Edit profile">
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <FormField name="name" label="Name" autoComplete="name" />
          <div className="d-flex align-items-start gap-3">
            <PhotoPreview current={profile.photo} name={profile.name || profile.email} />
            <div className="flex-grow-1">
              <ImageFileField
                name="photo"
                label="Photo"
                hint="A JPEG, PNG, WebP or GIF image up to 5 MB. Leave empty to keep your photo."
                subject="photo"
                pictured={false}
              />
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save profile"}
          </button>
        </Form>
      )}
    </Formik>
  );
}
