import { useRef } from "react";
import { t } from "ttag";

import { serverErrors } from "../../../components/forms/serverErrors";
import { languageSwitch } from "../../../components/layout/LanguageSwitch";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { LANGUAGE } from "../../../lib/language";
import { updateAccountProfile } from "../../../lib/auth/firebaseAccount";
import { useNotify } from "../../../lib/notices";
import { uploadImage, uploadProblem } from "../../../api/images";
import { useProfile, useUpdateProfile } from "../../../api/profile";
import { BioForm } from "../components/BioForm";
import { LongText } from "../../../components/ui/LongText";
import { MailSettings } from "../components/MailSettings";
import { ProfileForm } from "../components/ProfileForm";

export const PROFILE_SAVED = t`Your profile is saved`;

// Each language is a build of its own: the page loads again in the one chosen.
async function switchLanguage(language, { setErrors, setStatus }) {
  try {
    await languageSwitch(language, { signedIn: true });
  } catch (switchError) {
    const { fields, formError } = serverErrors(switchError, ["language"]);
    setErrors(fields);
    setStatus(formError || undefined);
  }
}

export function MyProfilePage() {
  useTitle(t`My Profile`);
  const { role, profileChanged } = useAuth();
  const { data: profile, error } = useProfile();
  const save = useUpdateProfile();
  const notify = useNotify();
  // The last photo uploaded: a form sent again after a refused name keeps its address.
  const uploaded = useRef(null);

  // A new photo goes to the image endpoint first; the profile is saved with the address it
  // answers, and the session shows the new name and photo at once (navigation bar, menu).
  async function handleProfileSubmit(values, { setErrors, setStatus, resetForm }) {
    setStatus(undefined);
    const changes = { name: values.name.trim() };
    if (values.photo) {
      if (uploaded.current?.file !== values.photo) {
        try {
          uploaded.current = { file: values.photo, url: await uploadImage(values.photo) };
        } catch (uploadError) {
          setErrors({ photo: uploadProblem(uploadError) });
          return;
        }
      }
      changes.photo = uploaded.current.url;
    }
    let saved;
    try {
      saved = await save(changes);
    } catch (saveError) {
      const { fields, formError } = serverErrors(saveError, ["name", "photo"]);
      setErrors(fields);
      setStatus(formError || undefined);
      return;
    }
    resetForm({ values: { name: saved.name, photo: null, language: values.language } });
    const shown = { displayName: saved.name, photoURL: saved.photo };
    profileChanged(shown);
    notify(PROFILE_SAVED);
    try {
      await updateAccountProfile(shown);
    } catch (firebaseError) {
      // Our server has the new profile; only the next page load shows the old one meanwhile.
      console.error("Firebase did not take the new name and photo.", firebaseError);
    }
    if (values.language !== LANGUAGE) {
      await switchLanguage(values.language, { setErrors, setStatus });
    }
  }

  async function handleBioSubmit(values, { setErrors, setStatus }) {
    setStatus(undefined);
    try {
      await save({ bio: values.bio.trim() });
    } catch (saveError) {
      const { fields, formError } = serverErrors(saveError, ["bio"]);
      setErrors(fields);
      setStatus(formError || undefined);
      return;
    }
    notify(PROFILE_SAVED);
  }

  let content;
  if (profile) {
    content = (
      <>
        <section aria-labelledby="edit-profile-heading" className="card shadow-sm mb-4">
          <div className="card-body p-4">
            <h2 id="edit-profile-heading" className="h5 mb-1">
              {t`Edit profile`}
            </h2>
            <LongText as="p" text={profile.email} className="text-body-secondary" />
            <ProfileForm profile={profile} onSubmit={handleProfileSubmit} />
          </div>
        </section>
        {role === "instructor" && (
          <section aria-labelledby="bio-heading" className="card shadow-sm">
            <div className="card-body p-4">
              <h2 id="bio-heading" className="h5">
                {t`Your bio`}
              </h2>
              <p className="text-body-secondary">
                {t`Families read your bio on your instructor page, beside the classes you teach.`}
              </p>
              <BioForm bio={profile.bio} onSubmit={handleBioSubmit} />
            </div>
          </section>
        )}
        <MailSettings email={profile.email} />
      </>
    );
  } else if (error) {
    content = <ErrorAlert title={t`Your profile could not be loaded.`} error={error} />;
  } else {
    content = <Loading label={t`Loading your profile…`} />;
  }

  return (
    <section aria-labelledby="my-profile-heading">
      <h1 id="my-profile-heading" className="h2 mb-4">
        {t`My Profile`}
      </h1>
      <p className="text-body-secondary">
        {t`Your name and photo show beside your account, on your messages and, for instructors, on the classes you teach.`}
      </p>
      {content}
    </section>
  );
}
