import { Toast } from "../components/ui/Toast";
import { AuthProvider } from "../lib/auth";
import { NoticesProvider, useNotices } from "../lib/notices";
import { router } from "./router";

// The session sits outside the router; it moves between pages through the router itself.
function navigate(to, options) {
  return router.navigate(to, options);
}

// Outside the router's pages, so a message outlives the navigation that follows it.
export function NoticeToast() {
  const { notice, dismiss } = useNotices();
  return <Toast message={notice} onClose={dismiss} />;
}

export function AppProviders({ children }) {
  return (
    <NoticesProvider>
      <AuthProvider navigate={navigate}>{children}</AuthProvider>
      <NoticeToast />
    </NoticesProvider>
  );
}
