import { AuthProvider } from "../lib/auth";
import { router } from "./router";

// The session sits outside the router; it moves between pages through the router itself.
function navigate(to, options) {
  return router.navigate(to, options);
}

export function AppProviders({ children }) {
  return <AuthProvider navigate={navigate}>{children}</AuthProvider>;
}
