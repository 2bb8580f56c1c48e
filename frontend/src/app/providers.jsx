import { Toast } from "../components/ui/Toast";
import { AuthProvider } from "../lib/auth";
import { NoticesProvider, useNotices } from "../lib/notices";
import { useStableNavigate } from "../hooks/useStableNavigate";
import { WaitingRoomProvider } from "./waitingRoom";

// Outside the router's pages, so a message outlives the navigation that follows it.
export function NoticeToast() {
  const { notice, dismiss } = useNotices();
  return <Toast message={notice} onClose={dismiss} />;
}

// Inside the router, around its pages: the session moves between pages (after signing out, say),
// and so does a write refused for want of a turn in the opening morning's line.
export function AppProviders({ children }) {
  const navigate = useStableNavigate();
  return (
    <NoticesProvider>
      <AuthProvider navigate={navigate}>
        <WaitingRoomProvider>{children}</WaitingRoomProvider>
      </AuthProvider>
      <NoticeToast />
    </NoticesProvider>
  );
}
