import { Tooltip } from 'radix-ui';
import { cloneElement, useEffect, useState, type ReactElement, type ReactNode, type Ref } from 'react';

/** The hover delay of every tip (the provider's, and the first hover's before the tip is mounted). */
export const tipDelayMs = 300;

type TriggerProps = { ref?: Ref<HTMLElement>; onPointerEnter?: () => void; onPointerLeave?: () => void; onFocus?: () => void };

/** Focuses the element as it mounts: the armed tip's child replaces the focused one. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * A tooltip on a focusable child (radix Tooltip, inside `TooltipProvider`). Shown on hover after `tipDelayMs` and at
 * once on keyboard focus; the text is also the child's accessible description while shown.
 *
 * The radix tooltip is mounted only when it is first wanted: a grid row carries tips, and mounting one per row made
 * every row of a fast scroll cost more than a frame allows. Until then the child waits for the first hover (the
 * same delay) or focus; mounting replaces the child's element, so a focused child is focused again.
 */
export function Tip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
  side?: 'top' | 'bottom' | 'left' | 'right';
}) {
  const [armedBy, setArmedBy] = useState<'pointer' | 'focus' | null>(null);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (!hovered || armedBy !== null) return;
    const timer = window.setTimeout(() => setArmedBy('pointer'), tipDelayMs);
    return () => window.clearTimeout(timer);
  }, [hovered, armedBy]);

  if (armedBy === null) {
    return cloneElement(children, {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setArmedBy('focus'),
    });
  }
  return (
    <Tooltip.Root defaultOpen>
      <Tooltip.Trigger asChild>{armedBy === 'focus' ? cloneElement(children, { ref: focusOnMount }) : children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {content}
          <Tooltip.Arrow className="tooltip__arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <Tooltip.Provider delayDuration={tipDelayMs}>{children}</Tooltip.Provider>;
}
