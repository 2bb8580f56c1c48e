import { Link } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../../config/paths";
import { useAuth } from "../../lib/auth";
import { formatDateTime } from "../ui/schedule";

// Those who run the school make no wishes: the server answers only families.
const STAFF = new Set(["admin", "instructor", "office"]);

// What the notice says of the season at `now` (ms): the wishes' last day while they are open.
function noticeWords(season, now) {
  const name = season.name;
  if (season.drawAt && now >= Date.parse(season.drawAt)) {
    return t`Places in ${name} were drawn by lottery.`;
  }
  if (!season.wishesCloseAt) return t`Places in ${name} are drawn by lottery.`;
  if (now < Date.parse(season.wishesCloseAt)) {
    const closes = formatDateTime(season.wishesCloseAt);
    return t`Places in ${name} are drawn by lottery. Make your wishes by ${closes}.`;
  }
  return t`Places in ${name} are drawn by lottery. The wishes have closed.`;
}

/*
 * A lottery season's way in, where its classes are listed: how its places are given, and links
 * to the family's wishes (a visitor is asked to sign in first, then brought there) and to the
 * draw's public page. Nothing for a season whose places go first come.
 */
export function LotteryNotice({ season, className = "" }) {
  const { role } = useAuth();
  if (season?.allocation !== "lottery") return null;
  const now = Date.now();
  const wishesOpen = !season.wishesCloseAt || now < Date.parse(season.wishesCloseAt);
  return (
    <div className={`alert alert-info ${className}`.trim()}>
      <p className="mb-1">{noticeWords(season, now)}</p>
      <p className="mb-0 d-flex flex-wrap gap-3">
        {!STAFF.has(role) && (
          <Link to={paths.dashboard.seasonWishes(season.id)} className="alert-link">
            {wishesOpen ? t`Make your wishes` : t`Your wishes and the result`}
          </Link>
        )}
        <Link to={paths.seasonDraw(season.id)} className="alert-link">
          {t`The draw, for anyone to check`}
        </Link>
      </p>
    </div>
  );
}
