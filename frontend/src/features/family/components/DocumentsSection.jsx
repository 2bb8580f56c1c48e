import { Form, Formik, useField } from "formik";
import { useEffect, useMemo, useRef } from "react";
import { t } from "ttag";

import { fetchDocument, useParticipantDocuments, useUploadDocument } from "../../../api/health";
import { formatSchoolDay } from "../../../components/care/careDates";
import { FormErrorSummary } from "../../../components/forms/ErrorSummary";
import { FormField } from "../../../components/forms/FormField";
import { SelectField } from "../../../components/forms/SelectField";
import { FieldError, FieldHint, useFieldMessages } from "../../../components/forms/fieldMessages";
import { serverErrors } from "../../../components/forms/serverErrors";
import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { QueryResult } from "../../../components/ui/QueryResult";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { useNotify } from "../../../lib/notices";
import { todayIso } from "./dates";
import {
  DOCUMENT_FIELDS,
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  documentKindLabel,
  documentSchema,
} from "./documentSchema";

// The form's own names for its fields, in its error summary.
const LABELS = { file: t`File`, kind: t`Kind of document`, expiresOn: t`Expires on` };

// "120 KB", "2.4 MB": a file's size as a family reads it.
function sizeInWords(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// Whether the document still counts: "Expired", "Expires on ...", or no expiry.
function ExpiryOf({ careDocument }) {
  const expiry = careDocument.expiresOn && formatSchoolDay(careDocument.expiresOn);
  if (careDocument.expired) {
    return (
      <>
        <span className="badge text-bg-danger">{t`Expired`}</span>
        {careDocument.expiresOn && <span className="d-block small">{t`on ${expiry}`}</span>}
      </>
    );
  }
  if (careDocument.expiresOn) return t`Expires on ${expiry}`;
  return t`No expiry date`;
}

// The file chosen (a File), its Formik value; cleared from the input when the form is reset.
function DocumentFileField({ name, label, hint }) {
  const [field, meta, helpers] = useField(name);
  const { id, invalid, describedBy } = useFieldMessages(meta, hint);
  const inputRef = useRef(null);
  useEffect(() => {
    if (!field.value && inputRef.current) inputRef.current.value = "";
  }, [field.value]);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={[...DOCUMENT_TYPES, ".pdf", ".png", ".jpg", ".jpeg"].join(",")}
        className={`form-control${invalid ? " is-invalid" : ""}`}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => {
          helpers.setTouched(true, false);
          helpers.setValue(event.currentTarget.files?.[0] ?? null);
        }}
        onBlur={() => helpers.setTouched(true)}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} invalid={invalid} error={meta.error} />
    </div>
  );
}

/*
 * A document given to the school for the child: the file, its kind, and its expiry when it has
 * one (the school reminds the family before it). A refusal is shown beside its field (a file the
 * school does not take, a date passed) and summed up at the top.
 */
function UploadDocumentForm({ participantId, who }) {
  const upload = useUploadDocument();
  const notify = useNotify();
  const today = todayIso();
  const schema = useMemo(() => documentSchema({ today }), [today]);

  async function submit(values, helpers) {
    helpers.setStatus(null);
    try {
      await upload(participantId, values);
      helpers.resetForm();
      const kind = documentKindLabel(values.kind);
      notify(t`${kind} uploaded for ${who.name}`);
    } catch (failure) {
      const { fields, formError } = serverErrors(failure, DOCUMENT_FIELDS);
      helpers.setErrors(fields);
      helpers.setStatus(formError || null);
    }
  }

  return (
    <Formik
      initialValues={{ file: null, kind: "", expiresOn: "" }}
      validationSchema={schema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t`Upload a document for ${who.name}`}>
          <FormErrorSummary labels={LABELS} />
          <DocumentFileField
            name="file"
            label={t`File`}
            hint={t`A PDF, or a photo or scan as PNG or JPEG.`}
          />
          <div className="row">
            <div className="col-sm-6">
              <SelectField
                name="kind"
                label={t`Kind of document`}
                options={DOCUMENT_KINDS}
                emptyLabel={t`Choose…`}
              />
            </div>
            <div className="col-sm-6">
              <FormField
                name="expiresOn"
                label={t`Expires on (optional)`}
                type="date"
                min={today}
                hint={t`If it has an expiry date: the school reminds you before it.`}
              />
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t`Uploading…` : t`Upload document`}
          </button>
        </Form>
      )}
    </Formik>
  );
}

// The child's documents: each with its kind, its expiry and its file to download.
function DocumentList({ documents }) {
  const { downloading, failure, dismissFailure, download } = useFileDownload();
  return (
    <>
      <DismissibleAlert message={failure} onClose={dismissFailure} />
      <StackedTable
        caption={t`Documents on file`}
        columns={[t`File`, t`Kind`, t`Expiry`, t`Uploaded`, t`Download`]}
      >
        {documents.map((careDocument) => (
          <Row key={careDocument.id}>
            <RowHeader label={t`File`} className="text-break">
              {careDocument.fileName}
              <span className="d-block small text-body-secondary fw-normal">
                {sizeInWords(careDocument.size)}
              </span>
            </RowHeader>
            <Cell label={t`Kind`}>{documentKindLabel(careDocument.kind)}</Cell>
            <Cell label={t`Expiry`}>
              <ExpiryOf careDocument={careDocument} />
            </Cell>
            <Cell label={t`Uploaded`}>
              <time dateTime={careDocument.uploadedAt}>
                {formatLocalDateTime(careDocument.uploadedAt)}
              </time>
              {careDocument.uploadedBy && (
                <span className="d-block small">{t`by ${careDocument.uploadedBy}`}</span>
              )}
            </Cell>
            <Cell label={t`Download`}>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary text-break"
                aria-disabled={Boolean(downloading)}
                onClick={() => download(() => fetchDocument(careDocument), careDocument.id)}
              >
                {downloading === careDocument.id
                  ? t`Downloading ${careDocument.fileName}…`
                  : t`Download ${careDocument.fileName}`}
              </button>
            </Cell>
          </Row>
        ))}
      </StackedTable>
    </>
  );
}

/*
 * The child's documents on file with the school (an immunisation record, an allergy action plan,
 * a doctor's note) and a form to upload another. Only the family and the school's office read
 * them; an instructor may open an allergy action plan, and it is in the access log when they do.
 */
export function DocumentsSection({ participantId, who }) {
  const { data, error } = useParticipantDocuments(participantId);
  const name = who.name;
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="documents-heading">
      <div className="card-body p-3 p-sm-4">
        <h2 id="documents-heading" className="h4 mb-2">
          {t`Documents`}
        </h2>
        <p className="text-body-secondary">
          {t`An immunisation record, an allergy action plan or a doctor's note for ${name}. They are kept encrypted; the school's office reads them, and an instructor may open an allergy action plan.`}
        </p>
        <QueryResult
          data={data}
          error={error}
          loadingLabel={t`Loading the documents…`}
          errorTitle={t`The documents could not be loaded.`}
          emptyMessage={t`No documents yet.`}
        >
          {(documents) => <DocumentList documents={documents} />}
        </QueryResult>
        <h3 className="h5 mt-4 mb-3">{t`Upload a document`}</h3>
        <UploadDocumentForm participantId={participantId} who={who} />
      </div>
    </section>
  );
}
