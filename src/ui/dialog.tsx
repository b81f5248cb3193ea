import { AlertDialog, Dialog } from 'radix-ui';
import { useRef, type ReactNode, type RefObject } from 'react';

/**
 * Focus back to what opened a dialog (docs/product.md#keyboard-focus-and-feedback): radix returns it to its own Trigger only, and most of our dialogs
 * open from a state change (a row's icon, a menu item, a hook). The element focused when the dialog opened is kept
 * and focused again on close, unless `returnFocusTo` names a target (an opener that is gone by then, e.g. a menu
 * item) or the opener left the page meanwhile.
 */
function useFocusOpenerOnClose(returnFocusTo: RefObject<HTMLElement | null> | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnFocusTo?.current ?? opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

/**
 * A modal dialog with a title, an optional description, a close button and the app's styling (radix Dialog:
 * focus trap, Escape and outside click close it, focus returns to the opener).
 * Put errors that happen inside a dialog inside it (`<p role="alert">`): a modal hides the rest of the page, toasts
 * included, from assistive technology.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** A class of the dialog's own, beside `dialog dialog--{size}` (e.g. a width sized to its content). */
  className?: string;
  /** Where the focus goes on close, when the opener is gone by then (e.g. a menu item). Default: the opener. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useFocusOpenerOnClose(returnFocusTo);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
        >
          <header className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </header>
          {description ? <Dialog.Description className="dialog__description">{description}</Dialog.Description> : null}
          <div className="dialog__body">{children}</div>
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A confirmation (radix AlertDialog), e.g. 'Are you sure you want to remove this payment method?'
 * (docs/product.md#payment-methods-screen).
 * Never window.confirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
  /** Where the focus goes on close when the dialog was opened without a radix trigger. Default: radix's choice. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = useFocusOpenerOnClose(returnFocusTo);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog--sm" {...(description ? {} : { 'aria-describedby': undefined })} {...returnFocus}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description> : null}
          <footer className="dialog__footer">
            <AlertDialog.Cancel className="btn btn--secondary">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={destructive ? 'btn btn--danger' : 'btn btn--primary'} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
