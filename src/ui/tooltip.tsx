import { Tooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * A tooltip on a focusable child (radix Tooltip; the provider is mounted in the root route). Shown on hover and on
 * keyboard focus; the text is also the child's accessible description.
 */
export function Tip({ content, children, side = 'top' }: { content: ReactNode; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right' }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {content}
          <Tooltip.Arrow className="tooltip__arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export const TooltipProvider = Tooltip.Provider;
