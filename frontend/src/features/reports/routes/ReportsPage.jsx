import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { fetchReportFile, useSeasonReport } from "../../../api/reports";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { formatDate } from "../../../components/ui/schedule";
import { paths } from "../../../config/paths";
import { useFileDownload } from "../../../hooks/useFileDownload";
import { useTitle } from "../../../hooks/useTitle";
import { AttendanceSection } from "../components/AttendanceSection";
import { BooksSection } from "../components/BooksSection";
import { ClassFillSection } from "../components/ClassFillSection";
import { DayCampSection } from "../components/DayCampSection";
import { InstalmentsSection } from "../components/InstalmentsSection";
import { MoneySection } from "../components/MoneySection";
import { RangeForm } from "../components/RangeForm";
import { RegistrationsSection } from "../components/RegistrationsSection";
import { ReportFiles } from "../components/ReportTable";
import { formatCount } from "../components/figures";
import "../components/reports.css";

function MissingCare({ count }) {
  return (
    <section aria-labelledby="report-missing-care" className="mb-5">
      <h2 id="report-missing-care" className="h4 mb-3">
        {t`Missing care records`}
      </h2>
      <p className="mb-2">
        <span className="report-figure d-block">{formatCount(count)}</span>
        <span className="text-body-secondary">
          {ngettext(
            msgid`child with a seat this season whose care paperwork is not complete.`,
            `children with a seat this season whose care paperwork is not complete.`,
            count,
          )}
        </span>
      </p>
      <Link to={paths.dashboard.careMissing}>{t`See the missing care records`}</Link>
    </section>
  );
}

// "Summer: Mon, Jun 14, 2027 to …. Figures as of …": what the report on screen counts.
function reportDays(report) {
  const season = report.season.name;
  const from = formatDate(report.from);
  const to = formatDate(report.to);
  const generated = formatLocalDateTime(report.generatedAt);
  return t`${season}: ${from} to ${to}. Figures as of ${generated}.`;
}

/*
 * The downloads of the report's tables, one at a time, each of the days on screen (`shown`); a
 * failure is told beside the table whose file failed.
 */
function useReportFiles(shown) {
  const { downloading, failure, dismissFailure, download } = useFileDownload();
  const [asked, setAsked] = useState(null);
  return {
    downloading,
    failure: failure && asked ? { table: asked, message: failure } : null,
    dismissFailure,
    download(table, format) {
      if (downloading) return;
      setAsked(table);
      download(() => fetchReportFile(table, format, shown), { table, format });
    },
  };
}

/*
 * Reports, for admins: a season at a glance over a range of its days (kept in the address as
 * ?season=&from=&to=, the server's choice where none is given), each chart with its table beside
 * it, and each table as CSV or XLSX. The report for the last choice stays on screen while the
 * next one comes, or when the server refuses it, which it explains beside the field.
 */
export function ReportsPage() {
  useTitle(t`Reports`);
  const [params, setParams] = useSearchParams();
  const choice = {
    season: params.get("season") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  const { data: report, error, isLoading } = useSeasonReport(choice);
  const shown = useMemo(
    () => report && { season: report.season.id, from: report.from, to: report.to },
    [report],
  );
  const files = useReportFiles(shown);

  function choose(next) {
    const query = Object.fromEntries(Object.entries(next).filter(([, value]) => value));
    setParams(query, { replace: true });
  }

  return (
    <section aria-labelledby="reports-heading">
      <h1 id="reports-heading" className="h2 mb-3">
        {t`Reports`}
      </h1>
      {report && (
        <>
          <p className="text-body-secondary">{reportDays(report)}</p>
          <RangeForm
            // The fields start again from the days of each report that arrives.
            key={`${report.season.id} ${report.from} ${report.to}`}
            report={report}
            season={choice.season || String(report.season.id)}
            onChoose={choose}
            fieldErrors={error?.fieldErrors}
          />
        </>
      )}
      {/* Always in the page, so a report on its way is announced. */}
      <p role="status" className={report && isLoading ? "mb-3" : "visually-hidden"}>
        {report && isLoading ? t`Loading the report for your choice…` : ""}
      </p>
      {error && <ErrorAlert title={t`The report could not be loaded.`} error={error} />}
      {!report && !error && <Loading label={t`Loading the report…`} />}
      {report && (
        <ReportFiles.Provider value={files}>
          <RegistrationsSection byDay={report.registrationsByDay} openingDay={report.openingDay} />
          <ClassFillSection classes={report.classes} />
          <DayCampSection units={report.units} extendedCare={report.extendedCare} />
          <MoneySection figures={report.money} />
          <BooksSection key={`${report.from} ${report.to}`} from={report.from} to={report.to} />
          <InstalmentsSection instalments={report.instalments} />
          <AttendanceSection attendance={report.attendance} />
          <MissingCare count={report.missingCare} />
        </ReportFiles.Provider>
      )}
    </section>
  );
}
