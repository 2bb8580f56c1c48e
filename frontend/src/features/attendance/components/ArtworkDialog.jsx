import { Form, Formik, useField } from "formik";
import { useId } from "react";
import { t } from "ttag";

import { ArtworkPicture } from "../../../components/artwork/ArtworkPicture";
import { STAGES } from "../../../components/artwork/artworkWords";
import "../../../components/artwork/artwork.css";
import { ChildCheckbox } from "./ChildCheckbox";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { RadioGroupField } from "../../../components/forms/RadioGroupField";
import { FieldError, useFieldMessages } from "../../../components/forms/fieldMessages";
import { serverErrors } from "../../../components/forms/serverErrors";
import { Dialog } from "../../../components/ui/Dialog";
import { Picture } from "../../../components/ui/Picture";
import { useObjectUrl } from "../../../hooks/useObjectUrl";
import { ARTWORK_FIELDS, artworkSchema } from "./artworkSchema";

// The piece's fields in the error summary's words, in the page's language.
function labelsOf() {
  return { title: t`Title`, stage: t`Stage`, participantIds: t`Children`, file: t`Photo` };
}

/*
 * The children to choose from: the meeting's roster, and anyone tagged on the piece who is no
 * longer on it (by first name, as the piece names them), so a tag is never dropped unseen.
 */
function childrenOf(lines, piece) {
  const roster = lines.map((line) => ({ id: line.participantId, name: line.name }));
  const gone = (piece?.participants ?? [])
    .filter((child) => !roster.some((line) => line.id === child.id))
    .map((child) => ({ id: child.id, name: child.firstName }));
  return [...roster, ...gone];
}

// A child to tick: their initials in a tinted circle (never a photo of them), and their name.
function ChildrenField({ choices }) {
  const [, meta] = useField("participantIds");
  const { id, invalid, describedBy } = useFieldMessages(meta);
  return (
    <fieldset className="mb-3 artwork-children" aria-describedby={describedBy}>
      <legend className="form-label fs-6 mb-1">{t`Children who made it`}</legend>
      <p className="form-text mt-0 mb-1">{t`Their families see it in their child's portfolio.`}</p>
      {choices.map((child) => (
        <ChildCheckbox
          key={child.id}
          participantId={child.id}
          invalid={invalid}
          className="artwork-child"
        >
          <Picture name={child.name} person round width={32} height={32} />
          <span>{child.name}</span>
        </ChildCheckbox>
      ))}
      <FieldError id={id} invalid={invalid} error={meta.error} always />
    </fieldset>
  );
}

// The photo being saved: the one just taken, or the piece's own.
function Photo({ file, piece }) {
  const url = useObjectUrl(file);
  if (piece) {
    return (
      <ArtworkPicture
        picture={piece.picture}
        alt={t`The photo of the piece`}
        sizes="8rem"
        className="artwork-picture artwork-dialog-photo mb-3"
      />
    );
  }
  if (!url) return null;
  return (
    <img
      src={url}
      alt={t`The photo just taken`}
      className="picture picture-fluid artwork-picture artwork-dialog-photo mb-3"
    />
  );
}

// A saved piece as it stands, a refused one as it was written, else a new piece in progress.
function initialValuesOf(piece, draft) {
  if (piece) {
    return {
      title: piece.title,
      stage: piece.stage,
      participantIds: piece.participants.map((child) => String(child.id)),
    };
  }
  return {
    title: draft?.title ?? "",
    stage: draft?.stage ?? "in_progress",
    participantIds: (draft?.participantIds ?? []).map(String),
  };
}

/*
 * A piece of artwork at one meeting: the photo (`file`, just taken, or the saved `piece`'s), a
 * title, its stage and the children of the class who made it, ticked by name; `draft`, a piece
 * the server refused, fills it in again. onSave({title, stage, participantIds, names}) keeps it,
 * or sends the change; a promise it returns that rejects puts the server's reasons beside the
 * fields and keeps the dialog open.
 */
export function ArtworkDialog({
  meeting,
  piece = null,
  file = null,
  draft = null,
  onSave,
  onClose,
}) {
  const formId = useId();
  const children = childrenOf(meeting.attendance, piece);
  const labels = labelsOf();
  const className = meeting.className;

  async function submit(values, { setErrors, setStatus }) {
    setStatus(undefined);
    const ids = values.participantIds.map(Number);
    try {
      await onSave({
        title: values.title.trim(),
        stage: values.stage,
        participantIds: ids,
        names: children.filter((child) => ids.includes(child.id)).map((child) => child.name),
      });
    } catch (saveError) {
      const { fields, formError } = serverErrors(saveError, ARTWORK_FIELDS);
      setErrors(fields);
      setStatus(formError || undefined);
    }
  }

  return (
    <Formik
      initialValues={initialValuesOf(piece, draft)}
      validationSchema={artworkSchema()}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Dialog
          title={piece ? t`Edit artwork` : t`Save artwork`}
          onClose={onClose}
          actions={
            <>
              <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
                {t`Cancel`}
              </button>
              <button
                type="submit"
                form={formId}
                className="btn btn-primary"
                aria-disabled={isSubmitting}
              >
                {isSubmitting ? t`Saving…` : t`Save`}
              </button>
            </>
          }
        >
          <Form id={formId} noValidate className="artwork-form">
            <p className="text-body-secondary small">
              {piece
                ? t`${className}. Families see the change in their child's portfolio.`
                : t`${className}. Kept on this phone and sent as soon as it can be.`}
            </p>
            <FormErrorSummary labels={labels} />
            <Photo file={file} piece={piece} />
            <FormField
              name="title"
              label={labels.title}
              hint={t`Optional: “Blue bowl”.`}
              autoComplete="off"
            />
            <RadioGroupField name="stage" legend={labels.stage} options={STAGES} />
            <ChildrenField choices={children} />
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}
