import { useRef, useState, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

export interface ButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'onClick'> {
  variant?: ButtonVariant;
  size?: 'default' | 'compact';
  /** The whole width of its container (the login form's button). */
  block?: boolean;
  /** A call is under way: the button is disabled, busy, and shows a spinner (or `pendingLabel`, when given). */
  pending?: boolean;
  pendingLabel?: ReactNode;
  /**
   * When the handler returns a promise, the button holds itself from the first click until it settles: a flag set
   * synchronously, so a double click within a millisecond calls the handler once (docs/product.md#keyboard-focus-and-feedback).
   */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
}

/** The class string of a button of this variant: for a radix part that renders its own button (`AlertDialog.Action`). */
export function buttonClass({
  variant = 'secondary',
  size = 'default',
  block = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'block' | 'className'> = {}) {
  return ['btn', `btn--${variant}`, size === 'compact' && 'btn--compact', block && 'btn--block', className].filter(Boolean).join(' ');
}

/**
 * The app's button (`.btn` in styles.css). Nothing outside src/ui writes a `btn` class: variants, sizes, the pending
 * state and the one-call-at-a-time hold live here.
 */
export function Button({
  variant,
  size,
  block,
  pending = false,
  pendingLabel,
  className,
  disabled,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const holding = useRef(false);
  const [held, setHeld] = useState(false);
  const busy = pending || held;
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (holding.current) return;
    const outcome = onClick?.(event);
    if (!(outcome instanceof Promise)) return;
    holding.current = true;
    setHeld(true);
    void outcome
      .catch(() => undefined)
      .finally(() => {
        holding.current = false;
        setHeld(false);
      });
  };
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={click}
      {...rest}
    >
      {busy && !pendingLabel ? <span className="spinner spinner--sm spinner--current" aria-hidden="true" /> : null}
      {busy && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/**
 * A button that shows only an icon: its `label` is required, and is what assistive technology reads (and the
 * tooltip-free name a test finds it by).
 */
export function IconButton({
  label,
  icon,
  className,
  type = 'button',
  ...rest
}: Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> & { label: string; icon: ReactNode }) {
  return (
    <button type={type} className={['icon-button', className].filter(Boolean).join(' ')} aria-label={label} {...rest}>
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
