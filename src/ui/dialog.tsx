import { AlertDialog, Dialog } from 'radix-ui';
import { useRef, type ReactNode, type RefObject } from 'react';
import { buttonClass } from './button';
import { returnFocusToGrid } from './data-table/use-grid-keyboard';
import { focusKeepingPlace, placeOf } from './focus-place';

/**
 * Focus back to what opened a dialog (docs/product.md#keyboard-focus-and-feedback): radix returns it to its own Trigger only, and most of our dialogs
 * open from a state change (a row's icon, a menu item, a hook). The element focused when the dialog opened is kept
 * and focused again on close, unless `returnFocusTo` names a target (an opener that is gone by then, e.g. a menu
 * item). When the opener left the page, before the close or after it (its item removed or moved by the dialog's
 * action), the focus goes to what took its place: the list item at its index, else the grid's row
 * (`returnFocusToGrid`).
 */
function useFocusOpenerOnClose(returnFocusTo: RefObject<HTMLElement | null> | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  // Where the return target stood when the dialog opened: its item may be gone by the close.
  const remembered = useRef<{ target: HTMLElement; place: () => HTMLElement | null } | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      const target = returnFocusTo?.current ?? opener.current;
      remembered.current = target ? { target, place: placeOf(target) } : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnFocusTo?.current ?? opener.current;
      const place = remembered.current?.target === target ? remembered.current.place : target ? placeOf(target) : () => null;
      opener.current = null;
      remembered.current = null;
      if (!target) return;
      event.preventDefault();
      const refocus = () => {
        const near = place();
        if (near) near.focus();
        else returnFocusToGrid();
      };
      if (target.isConnected && focusKeepingPlace(target, refocus)) return;
      refocus();
    },
  };
}

interface ShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Where the focus goes on close, when the opener is gone by then (e.g. a menu item). Default: the opener. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Where the focus goes on open. Default: the first field to fill, else the primary action (`firstFocusOf`). */
  initialFocus?: RefObject<HTMLElement | null>;
}

const fieldSelector =
  'input:not([disabled]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), textarea:not([disabled]), select:not([disabled])';
const primarySelector = '.btn--primary:not([disabled]), .btn--danger:not([disabled])';

/**
 * Where a dialog starts (docs/product.md#keyboard-focus-and-feedback): on its first field to fill, else on its primary
 * action (Confirm, Save), else on radix's choice (its first focusable element, the Close button).
 */
function firstFocusOf(content: HTMLElement): HTMLElement | null {
  return content.querySelector<HTMLElement>(fieldSelector) ?? content.querySelector<HTMLElement>(primarySelector);
}

/** The frame every dialog shares: overlay, title, close button, description, body and footer. */
function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  returnFocusTo,
  initialFocus,
  contentClassName,
  overlayClassName,
}: ShellProps & { contentClassName: string; overlayClassName?: string }) {
  const returnFocus = useFocusOpenerOnClose(returnFocusTo);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={['dialog-overlay', overlayClassName].filter(Boolean).join(' ')} />
        <Dialog.Content
          className={contentClassName}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            const first = initialFocus?.current ?? (event.currentTarget instanceof HTMLElement ? firstFocusOf(event.currentTarget) : null);
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
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
 * A modal dialog with a title, an optional description, a close button and the app's styling (radix Dialog:
 * focus trap, Escape and outside click close it, focus returns to the opener).
 * Put errors that happen inside a dialog inside it (`<p role="alert">`): a modal hides the rest of the page, toasts
 * included, from assistive technology.
 */
export function Modal({
  size = 'md',
  className,
  ...shell
}: ShellProps & {
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** A class of the dialog's own, beside `dialog dialog--{size}` (e.g. a width sized to its content). */
  className?: string;
}) {
  return <DialogShell {...shell} contentClassName={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')} />;
}

/**
 * A side sheet: the same dialog, docked to the right edge at full height (an editor beside the grid it edits). It is
 * modal like `Modal`, and may open above one (a sheet's layer is above a dialog's).
 */
export function Sheet({ className, ...shell }: ShellProps & { className?: string }) {
  return (
    <DialogShell {...shell} overlayClassName="dialog-overlay--sheet" contentClassName={['sheet', className].filter(Boolean).join(' ')} />
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
  const action = useRef<HTMLButtonElement | null>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog dialog--sm"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          // It starts on the action; a destructive one starts on Cancel instead (radix's choice), the safe answer.
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            if (destructive || !action.current) return;
            event.preventDefault();
            action.current.focus();
          }}
        >
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description> : null}
          <footer className="dialog__footer">
            <AlertDialog.Cancel className={buttonClass()}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action ref={action} className={buttonClass({ variant: destructive ? 'danger' : 'primary' })} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
