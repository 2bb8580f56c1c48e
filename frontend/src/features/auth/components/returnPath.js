import { paths } from "../../../config/paths";

// Where to go after logging in: the page a guard or a link sent the visitor from, or home.
export function returnPath(from) {
  const pathname = typeof from === "string" ? from : from?.pathname;
  if (!pathname || pathname === paths.login || pathname === paths.register) return paths.home;
  if (typeof from === "string") return from;
  return `${pathname}${from.search || ""}${from.hash || ""}`;
}
