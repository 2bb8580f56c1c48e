import { Form, Formik, useFormikContext } from "formik";
import { t } from "ttag";

import { FormField } from "../../../components/forms/FormField";
import { ImageFileField, useImagePreview } from "../../../components/forms/ImageFileField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { Picture } from "../../../components/ui/Picture";
import { LANGUAGE, LANGUAGE_NAMES } from "../../../lib/language";
import { nameAndPhotoSchema } from "./profileSchema";

// The photo as it will look: the file just chosen, else the one the school has now.
function PhotoPreview({ current, name }) {
  const { values } = useFormikContext();
  const chosen = useImagePreview(values.photo);

  return (
    <Picture
      src={chosen || current}
      alt={chosen ? t`Your new photo` : t`Your photo`}
      name={values.name || name}
      person
      width={96}
      height={96}
      round
      className="flex-shrink-0"
    />
  );
}

// Each language named in its own words, so a person who reads only that one finds it.
const languageOptions = Object.entries(LANGUAGE_NAMES).map(([value, name]) => ({
  value,
  label: <span lang={value}>{name}</span>,
}));

/*
 * The name and photo the school shows of the person, and the language the site speaks to them.
 * A new photo is a file, uploaded on Save; without one the current photo stays. onSubmit
 * receives Formik's (values, helpers).
 */
export function ProfileForm({ profile, onSubmit }) {
  return (
    <Formik
      initialValues={{ name: profile.name ?? "", photo: null, language: LANGUAGE }}
      validationSchema={nameAndPhotoSchema}
      onSubmit={onSubmit}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate aria-label={t`Edit profile`}>
          {status && (
            <div className="alert alert-danger" role="alert">
              {status}
            </div>
          )}
          <FormField name="name" label={t`Name`} autoComplete="name" />
          <div className="d-flex align-items-start gap-3">
            <PhotoPreview current={profile.photo} name={profile.name || profile.email} />
            <div className="flex-grow-1">
              <ImageFileField
                name="photo"
                label={t`Photo`}
                hint={t`A JPEG, PNG, WebP or GIF image up to 5 MB. Leave empty to keep your photo.`}
                subject="photo"
                pictured={false}
              />
            </div>
          </div>
          <RadioGroupField
            name="language"
            legend={t`Language`}
            options={languageOptions}
            hint={t`The site and its e-mails speak to you in this language.`}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Saving…` : t`Save profile`}
          </button>
        </Form>
      )}
    </Formik>
  );
}
