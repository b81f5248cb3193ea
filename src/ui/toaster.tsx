import { Toast } from 'radix-ui';
import { useToastStore, type ToastKind } from './toast-store';

/**
 * Renders the toasts of ui/toast.tsx with radix Toast (swipe, pause on hover/focus, F8 to reach them). The message
 * carries the role (`alert` for errors, `status` for success); radix's own announcer is switched off
 * (data-radix-toast-announce-exclude) so each text is announced, and exists in the page, once.
 */
const durations: Record<ToastKind, number> = { error: 8_000, success: 5_000 };
/** A toast offering an action (Undo) stays longer, so that there is time to choose it. */
const actionDuration = 10_000;

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const close = useToastStore((s) => s.close);
  const remove = useToastStore((s) => s.remove);
  const runAction = useToastStore((s) => s.runAction);
  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast--${t.kind}`}
          open={t.open}
          // A repeat of the same text restarts the timer: radix starts it afresh whenever the duration changes.
          duration={(t.action ? actionDuration : durations[t.kind]) + t.repeats}
          type={t.kind === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) {
              close(t.id);
              // Let the closing animation run before the item leaves the store.
              window.setTimeout(() => remove(t.id), 200);
            }
          }}
        >
          <div className="toast__text" role={t.kind === 'error' ? 'alert' : 'status'} data-radix-toast-announce-exclude="">
            {t.text}
          </div>
          {t.action ? (
            // radix closes the toast on click; runAction runs it once, and the button is disabled from then on.
            <Toast.Action
              className="btn btn--secondary btn--compact toast__action"
              altText={t.action.altText}
              disabled={t.action.used}
              onClick={() => runAction(t.id)}
            >
              {t.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className="toast__close" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
    </Toast.Provider>
  );
}
