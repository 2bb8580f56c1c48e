import { createContext, useContext } from "react";

/*
 * The signed-in session as the rest of the app sees it:
 *   user:    { email, displayName, photoURL } or null
 *   role:    "admin" | "instructor" | "student" | null (null while unknown or logged out)
 *   loading: true while the identity provider or the role is still being asked
 *   logOut:  async () => void
 */
export const AuthContext = createContext({
  user: null,
  role: null,
  loading: false,
  logOut: async () => {},
});

export function useAuth() {
  return useContext(AuthContext);
}
