import { paths } from "../../../config/paths";

// A path on this site: one slash, then anything but a second slash or a backslash, which
// browsers read as the start of another host ("//evil.test", "/\evil.test").
function isSitePath(pathname) {
  return typeof pathname === "string" && /^\/(?![/\\])/.test(pathname);
}

/*
 * Where to go after logging in: the page a guard, a link or the end of a session sent the visitor
 * from (a path, or a location with pathname, search and hash), or home. Only a page of this site.
 */
export function returnPath(from) {
  const pathname = typeof from === "string" ? from : from?.pathname;
  if (!isSitePath(pathname)) return paths.home;
  const page = pathname.split(/[?#]/)[0];
  if (page === paths.login || page === paths.register) return paths.home;
  if (typeof from === "string") return from;
  return `${pathname}${from.search || ""}${from.hash || ""}`;
}
