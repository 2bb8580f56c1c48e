import { t } from "ttag";

// Shown while the session or the role is still being asked, before a guard can decide.
export function LoadingBar() {
  return (
    <div className="container py-5">
      <div className="progress" role="progressbar" aria-label={t`Loading`} aria-busy="true">
        <div className="progress-bar progress-bar-striped progress-bar-animated w-100" />
      </div>
    </div>
  );
}
