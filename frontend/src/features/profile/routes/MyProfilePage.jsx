import { serverErrors } from "../../../components/forms/serverErrors";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { useTitle } from "../../../hooks/useTitle";
import { useNotify } from "../../../lib/notices";
import { useProfile, useUpdateProfile } from "../../../api/profile";
import { BioForm } from "../components/BioForm";
import { Picture } from "../../../components/ui/Picture";
import { LongText } from "../../../components/ui/LongText";

export function MyProfilePage() {
  useTitle("My Profile");
  const { data: profile, error } = useProfile();
  const save = useUpdateProfile();
  const notify = useNotify();

  async function handleSubmit(values, { setErrors, setStatus }) {
    setStatus(undefined);
    try {
      await save({ bio: values.bio.trim() });
    } catch (saveError) {
      const { fields, formError } = serverErrors(saveError, ["bio"]);
      setErrors(fields);
      setStatus(formError || undefined);
      return;
    }
    notify("Your profile is saved");
  }

  let content;
  if (profile) {
    content = (
      <>
        <div className="d-flex align-items-center gap-3 mb-4">
          <Picture
            src={profile.photo}
            name={profile.name || profile.email}
            person
            width={64}
            height={64}
            round
          />
          <div>
            <LongText as="p" text={profile.name} className="fw-semibold mb-0" />
            <LongText as="p" text={profile.email} className="text-body-secondary mb-0" />
          </div>
        </div>
        <BioForm bio={profile.bio} onSubmit={handleSubmit} />
      </>
    );
  } else if (error) {
    content = <ErrorAlert title="Your profile could not be loaded." error={error} />;
  } else {
    content = <Loading label="Loading your profile…" />;
  }

  return (
    <section aria-labelledby="my-profile-heading">
      <h1 id="my-profile-heading" className="h2 mb-4">
        My Profile
      </h1>
      <p className="text-body-secondary">
        Families read your bio on your instructor page, beside the classes you teach.
      </p>
      <div className="card shadow-sm">
        <div className="card-body p-4">{content}</div>
      </div>
    </section>
  );
}
