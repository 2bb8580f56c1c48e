// The session: Firebase (firebase.js), its states (session.js), the provider the app reads it
// from (AuthProvider.jsx) and the route guards (guards.jsx).
export {
  AuthContext,
  AuthProvider,
  RECONNECTING_NOTICE,
  SESSION_ENDED,
  SIGNED_IN_KEY,
  useAuth,
  usePrepareSignIn,
} from "./AuthProvider";
export {
  AdminRoute,
  InstructorOrAdminRoute,
  InstructorRoute,
  OfficeOrAdminRoute,
  PrivateRoute,
  RosterRoute,
} from "./guards";
export { EMAIL_NOT_VERIFIED, renewalDelay, RETRY_DELAYS_MS } from "./tokens";
