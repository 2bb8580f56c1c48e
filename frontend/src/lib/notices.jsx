import { createContext, useCallback, useContext, useMemo, useState } from "react";

/*
 * The one success or status message the app is showing, if any. Any page or the session says
 * `notify(message)`; the app renders the message (app/providers.jsx) outside the router's pages,
 * so it outlives the navigation that often follows it.
 */
const NoticesContext = createContext({ notice: "", notify: () => {}, dismiss: () => {} });

export function NoticesProvider({ children }) {
  const [notice, setNotice] = useState("");
  const notify = useCallback((message) => setNotice(message), []);
  const dismiss = useCallback(() => setNotice(""), []);
  const value = useMemo(() => ({ notice, notify, dismiss }), [notice, notify, dismiss]);
  return <NoticesContext.Provider value={value}>{children}</NoticesContext.Provider>;
}

export function useNotices() {
  return useContext(NoticesContext);
}

export function useNotify() {
  return useContext(NoticesContext).notify;
}

export { NoticesContext };
