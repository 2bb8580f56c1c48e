import { Link, useParams } from "react-router-dom";
import { t } from "ttag";

import { CardGrid } from "../../../components/cards/CardGrid";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { LongText } from "../../../components/ui/LongText";
import { PlainText } from "../../../components/ui/PlainText";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { useInstructor } from "../../../api/instructors";
import { InstructorClassCard } from "../components/InstructorClassCard";
import { Picture } from "../../../components/ui/Picture";
import { PICTURE_SIZES } from "../../../components/ui/pictureSources";

function NotFound() {
  return (
    <section className="text-center py-4" aria-labelledby="instructor-heading">
      <h1 id="instructor-heading" className="h2 mb-3">
        {t`Instructor not found`}
      </h1>
      <p className="text-body-secondary">{t`No instructor teaches under this address.`}</p>
      <Link className="btn btn-primary" to={paths.instructors}>
        {t`All Instructors`}
      </Link>
    </section>
  );
}

function Profile({ instructor }) {
  const classes = instructor.classes ?? [];
  const instructorName = instructor.name;
  return (
    <>
      <section className="row g-4 align-items-start mb-5" aria-labelledby="instructor-heading">
        <div className="col-8 col-sm-5 col-md-4 col-lg-3">
          {/* The page's largest picture, in view on arrival: fetched at once. */}
          <Picture
            src={instructor.photo}
            alt={instructor.name}
            person
            width={300}
            height={300}
            fluid
            priority="high"
            sizes={PICTURE_SIZES.instructorPage}
            className="rounded shadow-sm"
          />
        </div>
        <div className="col-md">
          <h1 id="instructor-heading" className="mb-3">
            <LongText text={instructor.name} />
          </h1>
          <PlainText text={instructor.bio} />
        </div>
      </section>
      <section aria-labelledby="instructor-classes-heading">
        {/* One text, which a long name wraps within: an element after "Classes by" would move
            when the headings' typeface arrives after the server's HTML is painted. */}
        <LongText
          as="h2"
          id="instructor-classes-heading"
          className="h3 mb-3"
          text={t`Classes by ${instructorName}`}
        />
        {classes.length === 0 ? (
          <p className="text-body-secondary">{t`No classes are open right now.`}</p>
        ) : (
          // In view on a phone's arrival, below the photo and the bio: its first row's pictures
          // load at once, the first (the phone's largest paint) ahead of the rest.
          <CardGrid
            atTop
            items={classes}
            getKey={(classItem) => classItem._id}
            renderItem={(classItem, imagePriority) => (
              <InstructorClassCard classItem={classItem} imagePriority={imagePriority} />
            )}
          />
        )}
      </section>
    </>
  );
}

// An instructor's public page: who they are, in their words, and what they teach.
export function InstructorPage() {
  const { id } = useParams();
  const { instructor, error } = useInstructor(id);
  const notFound = error?.status === 404;
  useTitle(instructor?.name ?? (notFound ? t`Instructor not found` : t`Instructor`));

  let content;
  if (instructor) content = <Profile instructor={instructor} />;
  else if (notFound) content = <NotFound />;
  else if (error) {
    content = <ErrorAlert title={t`The instructor could not be loaded.`} error={error} />;
  } else content = <Loading label={t`Loading the instructor…`} />;

  return <div className="container py-5">{content}</div>;
}
