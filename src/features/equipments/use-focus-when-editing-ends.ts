import { useEffect, useRef } from 'react';

/**
 * A ref for the button that opens an inline editor: when `editing` turns false, the focus goes back to it (it was not
 * in the DOM while editing). Dialogs return the focus to their opener themselves (src/ui/dialog.tsx).
 */
export function useFocusWhenEditingEnds<T extends HTMLElement>(editing: boolean) {
  const target = useRef<T>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) target.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return target;
}
