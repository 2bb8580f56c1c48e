// The session provider arrives with sign-in; until then everyone is a visitor.
export function AppProviders({ children }) {
  return children;
}
