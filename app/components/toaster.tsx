import { useEffect, useState, useSyncExternalStore } from "react";
import type { Toast } from "../domain/toast";
import { clearToasts, dismissToast, shownToasts, subscribeToToasts, type Shown } from "./toasts";

// A few lines instead of a toast library: the first-load budget is tight (docs/performance.md).
// The toasts' store (showToast) is toasts.ts: what the page's code needs, apart from what draws them.

const NONE: Shown[] = [];
const noToasts = () => NONE;

function ToastItem({ toast }: { toast: Shown }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), 6000);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex items-start gap-3 rounded-md border p-4 shadow-lg ${toast.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-stone-200 bg-white text-stone-900"}`}
    >
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss notification"
        className="text-sm opacity-70 hover:opacity-100"
      >
        ✕
      </button>
    </div>
  );
}

/** Shows the server's flash toast (rendered in the HTML, so it needs no JavaScript) and client toasts. */
export function Toaster({ flash }: { flash: Toast | null }) {
  // Hydrated as the server drew it (no client toasts): one shown before hydration ended is drawn at once after.
  const list = useSyncExternalStore(subscribeToToasts, shownToasts, noToasts);
  // Each new flash is drawn afresh (its key), so its fade-out starts again.
  const [flashShown, setFlashShown] = useState(flash ? { toast: flash, n: 0 } : null);
  useEffect(() => {
    setFlashShown((last) => (flash ? { toast: flash, n: (last?.n ?? 0) + 1 } : null));
    // A new outcome from the server replaces what the page said before (a refusal, then the accepted retry).
    if (flash) clearToasts();
  }, [flash]);
  const flashVisible = flashShown?.toast;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none mr-4 mb-4 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 self-end"
    >
      {flashVisible ? (
        // Without JavaScript too, it fades away after a few seconds (.toast-fades, app.css): it never stays over what is under it.
        <div
          key={flashShown.n}
          role={flashVisible.type === "error" ? "alert" : "status"}
          className={`toast-fades pointer-events-auto rounded-md border p-4 [overflow-wrap:anywhere] shadow-lg ${flashVisible.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-stone-200 bg-white text-stone-900"}`}
        >
          <p className="font-semibold">{flashVisible.title}</p>
          {flashVisible.description ? <p className="text-sm">{flashVisible.description}</p> : null}
        </div>
      ) : null}
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
