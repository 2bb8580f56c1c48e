import { paths } from "../config/paths";

// A path on this site: one slash, then anything but a second slash or a backslash, which
// browsers read as the start of another host ("//evil.test", "/\evil.test").
function isSitePath(pathname) {
  return typeof pathname === "string" && /^\/(?![/\\])/.test(pathname);
}

/*
 * Where to go back to once a step is done (logging in, a turn in the waiting room): the page a
 * guard, a link or the end of a session sent the visitor from (a path, or a location with
 * pathname, search and hash), else `fallback`; never one of the `excluded` pages, and only a
 * page of this site. By default, after logging in: home, and never back to a sign-in form.
 */
export function returnPath(
  from,
  { fallback = paths.home, excluded = [paths.login, paths.register] } = {},
) {
  const pathname = typeof from === "string" ? from : from?.pathname;
  if (!isSitePath(pathname)) return fallback;
  const page = pathname.split(/[?#]/)[0];
  if (excluded.includes(page)) return fallback;
  if (typeof from === "string") return from;
  return `${pathname}${from.search || ""}${from.hash || ""}`;
}
